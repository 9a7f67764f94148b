import { cpSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { it } from 'vitest';
import { runCli } from '../helpers/cli.js';
it('real', async () => {
  for (const pkg of (process.env.PKGS ?? '').split(',')) {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'pm-real-'));
    cpSync(path.resolve('node_modules', pkg), dir, { recursive: true, dereference: true });
    const r = await runCli(['claims', 'README.md'], dir);
    console.log(pkg, r.exitCode, r.stdout.split('\n').filter(l => !/^\s+(did|calib|advers)/.test(l)).join('\n'), r.stderr);
  }
}, 120000);
