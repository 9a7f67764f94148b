/** Builds throwaway repositories in the OS temp folder for tests that need odd files on disk. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach } from 'vitest';

const made: string[] = [];
const kept: string[] = [];
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});
afterAll(() => {
  for (const dir of kept.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/**
 * Writes `files` (path → text or bytes) into a new temp folder and returns its path. The folder
 * is removed after the current test, or after the whole file with `{ keep: 'file' }` (for
 * repositories built in beforeAll).
 */
export function tmpRepo(files: Record<string, string | Uint8Array>, options: { keep?: 'file' } = {}): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'proofmap-test-'));
  (options.keep === 'file' ? kept : made).push(dir);
  for (const [rel, content] of Object.entries(files)) {
    const abs = path.join(dir, rel);
    mkdirSync(path.dirname(abs), { recursive: true });
    writeFileSync(abs, content);
  }
  return dir;
}
