/**
 * Issue 22 item 10: a numeric flag that is not a plain whole number is bad input (exit 2, one
 * line), and the map on disk is left exactly as it was.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli, gatedRepo } from './hook-harness.js';

describe('hostile item 10: numeric flags', () => {
  it('rejects --max-file-bytes -5, 1.5, 0x10, 0 and 1e3 and --limit 0x10 without touching the map', () => {
    const root = gatedRepo();
    expect(cli(root, ['scan']).status).toBe(0);
    const map = path.join(root, '.proofmap/map.json');
    const before = readFileSync(map);
    for (const bad of ['-5', '1.5', '0x10', '0', '1e3', ' 7']) {
      const r = cli(root, ['scan', `--max-file-bytes=${bad}`]);
      expect(r.status, bad).toBe(2);
      expect(r.stderr.trim().split('\n')[0]).toMatch(
        /--max-file-bytes must be a (whole number of at least 1|non-negative integer), got/,
      );
      expect(readFileSync(map).equals(before)).toBe(true);
    }
    const limit = cli(root, ['impact', 'src/core.ts', '--limit', '0x10']);
    expect(limit.status).toBe(2);
    expect(limit.stderr).toMatch(/--limit must be a whole number of at least 1, got "0x10"/);
  });
});
