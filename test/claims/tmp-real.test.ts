import { cpSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { it } from 'vitest';
import { runCli } from '../helpers/cli.js';
it('real', async () => {
  for (const pkg of (process.env.PKGS ?? '').split(',')) {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'pm-real-'));
    cpSync(path.resolve('node_modules', pkg), dir, { recursive: true, dereference: true });
    const r = JSON.parse((await runCli(['claims', 'readme.md', '--format', 'json'], dir)).stdout);
    console.log(pkg, JSON.stringify(r.summary), '\n' + r.verdicts.filter((v: any) => v.verdict !== 'unverified').map((v: any) => `${v.verdict} ${v.detector} ${v.text} L${v.stated_at[0].line} ${v.reason}`).join('\n'));
  }
}, 120000);
