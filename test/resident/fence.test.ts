/**
 * The fence proves that every file event queued before it has been delivered: a write made by
 * another process before `pass()` is seen by an fs.watch callback by the time the fence passes,
 * however many callers wait at once; a closed fence vouches for nothing.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openFence } from '../../src/resident/fence.js';

describe.runIf(process.platform === 'linux')('inotify fence', () => {
  it('passes only after the events of writes made before it (by another process) were delivered', async () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'fence-test-'));
    const seen: string[] = [];
    const watcher = fs.watch(folder, (_, name) => seen.push(String(name)));
    const fence = openFence();
    expect(fence).toBeDefined();
    try {
      for (let i = 0; i < 20; i++) {
        const name = `f${i}.txt`;
        execFileSync(process.execPath, [
          '-e',
          `require('fs').writeFileSync(${JSON.stringify(path.join(folder, name))}, 'x')`,
        ]);
        expect(seen).not.toContain(name); // nothing runs a callback while this test holds the thread
        expect(await fence!.pass()).toBe(true);
        expect(seen).toContain(name);
      }
    } finally {
      watcher.close();
      fence?.close();
      fs.rmSync(folder, { recursive: true, force: true });
    }
  });

  it('a round that times out answers false, and its late event is never taken for a later round', async () => {
    const fence = openFence(5)!;
    try {
      // Started in the check phase and the loop held past the timeout: the next loop iteration
      // runs the expired timer before it polls for the fence's event.
      const round = await new Promise<Promise<boolean>>((resolve) =>
        setImmediate(() => {
          const started = fence.pass();
          const until = Date.now() + 40;
          while (Date.now() < until);
          resolve(started);
        }),
      );
      expect(await round).toBe(false);
      // Asked before the late event was read: it must not pass on that event.
      expect(await fence.pass()).toBe(false);
      let passed = false;
      for (let i = 0; i < 50 && !passed; i++) {
        await new Promise((r) => setTimeout(r, 10));
        passed = await fence.pass();
      }
      expect(passed).toBe(true);
    } finally {
      fence.close();
    }
  });

  it('lets many callers wait at once, and a closed fence answers false', async () => {
    const fence = openFence()!;
    const passed = await Promise.all(Array.from({ length: 10 }, () => fence.pass()));
    expect(passed).toEqual(Array(10).fill(true));
    fence.close();
    expect(await fence.pass()).toBe(false);
  });
});
