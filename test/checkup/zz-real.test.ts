import { cpSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { it } from 'vitest';
import { checkRepo } from './run.js';
it('real', async () => {
  for (const pkg of ['picomatch', 'yaml', 'ajv', 'zod', 'graphology', 'dependency-cruiser']) {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'pm-real-'));
    cpSync(path.join('/work/main/node_modules', pkg), dir, { recursive: true });
    const t = performance.now();
    const { result, map } = await checkRepo(dir);
    const ms = Math.round(performance.now() - t);
    const by: Record<string, number> = {};
    for (const p of result.problems) by[`${p.kind}:${p.code}`] = (by[`${p.kind}:${p.code}`] ?? 0) + 1;
    console.log(pkg, map.nodes.length, 'nodes', ms, 'ms', result.entries, 'entries', JSON.stringify(by));
    for (const p of result.problems.filter((p) => p.kind === 'error').slice(0, 3)) console.log('   ', p.message.slice(0, 300));
  }
});
