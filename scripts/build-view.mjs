// Bundles the view's page script (src/view/page/main.ts, sigma and graphology with it) into one
// minified IIFE at dist/view/page.js; `proofmap view` inlines it into the HTML it writes, so the
// page needs no network. Written via a temp file and rename so a concurrent reader never sees
// half a bundle.
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const entry = fileURLToPath(new URL('../src/view/page/main.ts', import.meta.url));
const out = fileURLToPath(new URL('../dist/view/page.js', import.meta.url));

const result = await build({
  entryPoints: [entry],
  bundle: true,
  format: 'iife',
  platform: 'browser',
  target: ['es2020'],
  minify: true,
  legalComments: 'none',
  write: false,
  // sigma imports node's `events`; the npm package of that name is its browser build.
  logLevel: 'warning',
});
const code = result.outputFiles[0].text;
mkdirSync(new URL('../dist/view/', import.meta.url), { recursive: true });
const tmp = `${out}.${process.pid}.tmp`;
writeFileSync(tmp, code);
renameSync(tmp, out);
process.stdout.write(`build-view: dist/view/page.js ${(code.length / 1024).toFixed(0)} KiB\n`);
