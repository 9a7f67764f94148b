import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { stageAtomic, writeAtomic } from '../../src/map/emit.js';
import { statStamp } from '../../src/map/map-file.js';

const openDescriptors = () => readdirSync('/proc/self/fd').length;
const tick = () => new Promise((resolve) => setTimeout(resolve, 50));

describe('a staged atomic write', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'proofmap-staged-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const target = path.join(dir, 'map.json');

  it('leaves the target as it was until committed, under the stamp it announced', () => {
    writeFileSync(target, 'old');
    const staged = stageAtomic(target, 'new bytes', { derived: true });
    expect(readFileSync(target, 'utf8')).toBe('old');
    expect(readdirSync(dir).filter((f) => f.endsWith('.tmp'))).toHaveLength(1);
    staged.commit();
    expect(readFileSync(target, 'utf8')).toBe('new bytes');
    // What the scan recorded before the rename is what the next scan will stat.
    expect(statStamp(statSync(target))).toBe(staged.stamp);
    expect(readdirSync(dir).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });

  it('removes its file when discarded, and the target keeps its bytes', () => {
    writeFileSync(target, 'kept');
    stageAtomic(target, 'dropped', { derived: true }).discard();
    expect(readFileSync(target, 'utf8')).toBe('kept');
    expect(readdirSync(dir)).toEqual(['map.json']);
  });

  it.skipIf(process.platform !== 'linux')(
    'releases the replaced file it held open across the rename',
    async () => {
      writeAtomic(target, 'first', { derived: true });
      await tick();
      const before = openDescriptors();
      for (let i = 0; i < 20; i++) writeAtomic(target, `version ${i}`, { derived: true });
      await tick();
      expect(openDescriptors()).toBe(before);
      expect(readFileSync(target, 'utf8')).toBe('version 19');
    },
  );

  it.skipIf(process.platform === 'win32')('replaces a FIFO in the target path without blocking on it', () => {
    const fifo = path.join(dir, 'fifo.json');
    // mkfifo is not in Node: coreutils makes it.
    expect(spawnSync('mkfifo', [fifo]).status).toBe(0);
    writeAtomic(fifo, 'a file now', { derived: true });
    expect(readFileSync(fifo, 'utf8')).toBe('a file now');
  });
});
