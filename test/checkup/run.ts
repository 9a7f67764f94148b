/** Scans a repository in memory (nothing written) and runs the checkup on it with its own config. */
import { cpSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { checkup } from '../../src/checkup/index.js';
import type { CheckupOptions } from '../../src/checkup/types.js';
import { loadConfig } from '../../src/discover/config.js';
import { scan } from '../../src/scan.js';

export const repoRoot = path.resolve(new URL('../..', import.meta.url).pathname);

/** A fresh copy, so a fixture inside this repository is scanned as a repository of its own. */
export function copyFixture(name: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'proofmap-checkup-'));
  cpSync(path.join(repoRoot, 'test/fixtures', name), dir, { recursive: true });
  return dir;
}

export async function checkRepo(root: string, opts: CheckupOptions = {}) {
  const loaded = loadConfig(root);
  const { map } = await scan({ root, write: false });
  const result = checkup(map, loaded.config, {
    ...(loaded.file ? { configFile: loaded.file } : {}),
    lineOf: loaded.lineOf,
    ...opts,
  });
  return { map, result };
}
