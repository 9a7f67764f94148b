import { measureWatch } from './bench/lib/watch.js';
const r = await measureWatch({ cli: new URL('./bin/proofmap.js', import.meta.url).pathname, repo: '/tmp/r7', target: 'packages/pkg-0/src/auth/ui/discount-types.ts', edits: 20 });
console.log(JSON.stringify(r.details.watch));
