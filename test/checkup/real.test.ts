/**
 * Real code nobody here wrote (packages already in node_modules, copied out so they are scanned as
 * repositories of their own), checked with no config: the checkup must raise no errors, since
 * without declarations nothing can be proved wrong; only warnings.
 */
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkRepo, repoRoot } from './run.js';

describe('checkup on real packages', () => {
  it.each(['picomatch', 'yaml', 'ajv', 'graphology', 'dependency-cruiser'])('%s: no errors', async (pkg) => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'proofmap-real-'));
    try {
      cpSync(path.join(repoRoot, 'node_modules', pkg), dir, { recursive: true });
      const { result } = await checkRepo(dir);
      expect(result.problems.filter((p) => p.kind === 'error').map((p) => p.message)).toEqual([]);
      expect(result.ok).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
