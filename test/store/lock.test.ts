import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { BusyError } from '../../src/model/errors.js';
import { acquireScanLock, SCAN_LOCK_FILE } from '../../src/store/index.js';
import { tempRoot } from './fixture.js';

const lockFile = (root: string) => path.join(root, '.proofmap', SCAN_LOCK_FILE);
const children: ChildProcess[] = [];
afterEach(() => {
  for (const c of children.splice(0)) c.kill('SIGKILL');
});

function plantLock(root: string, owner: { pid: number; time?: number; host?: string }) {
  fs.mkdirSync(path.dirname(lockFile(root)), { recursive: true });
  const body = { host: os.hostname(), time: Date.now(), token: 'planted', ...owner };
  fs.writeFileSync(lockFile(root), JSON.stringify(body));
}

/** The pid of a process that has exited: nothing answers to it any more. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']);
  return Number(child.stdout.toString());
}

describe('acquireScanLock', () => {
  it('lets one scan in at a time; the second waits for the first to release', async () => {
    const root = tempRoot();
    const first = await acquireScanLock(root, 1000);
    const events: string[] = [];
    const second = acquireScanLock(root, 5000).then((release) => {
      events.push('second acquired');
      return release;
    });
    await new Promise((r) => setTimeout(r, 150));
    events.push('first releases');
    first();
    (await second)();
    expect(events).toEqual(['first releases', 'second acquired']);
    expect(fs.existsSync(lockFile(root))).toBe(false);
  });

  it('gives up with a BusyError that says who holds the lock', async () => {
    const root = tempRoot();
    const release = await acquireScanLock(root, 1000);
    const started = Date.now();
    await expect(acquireScanLock(root, 200)).rejects.toThrow(BusyError);
    await expect(acquireScanLock(root, 50)).rejects.toThrow(`pid ${process.pid}`);
    expect(Date.now() - started).toBeGreaterThanOrEqual(200);
    release();
  });

  it('takes over a lock left by a dead process and says so', async () => {
    const root = tempRoot();
    const pid = deadPid();
    plantLock(root, { pid });
    const release = await acquireScanLock(root, 1000);
    expect(release.tookOver).toBe(`took over scan.lock from dead pid ${pid}`);
    expect(JSON.parse(fs.readFileSync(lockFile(root), 'utf8')).pid).toBe(process.pid);
    release();
  });

  it('waits for a live process in another address space, then takes over once it dies', async () => {
    const root = tempRoot();
    const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)']);
    children.push(child);
    plantLock(root, { pid: child.pid! });
    await expect(acquireScanLock(root, 150)).rejects.toThrow(BusyError);
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGKILL');
    await exited;
    const release = await acquireScanLock(root, 1000);
    expect(release.tookOver).toMatch(/dead pid/);
    release();
  });

  it('treats a very old lock as stale whatever its pid (pids get reused)', async () => {
    const root = tempRoot();
    plantLock(root, { pid: process.pid, time: Date.now() - 2 * 60 * 60 * 1000 });
    const release = await acquireScanLock(root, 500);
    expect(release.tookOver).toMatch(/older than/);
    release();
  });

  it('treats a lock from another host as live until it is old', async () => {
    const root = tempRoot();
    plantLock(root, { pid: deadPid(), host: 'elsewhere' });
    await expect(acquireScanLock(root, 100)).rejects.toThrow(BusyError);
  });

  it('replaces an unreadable lock file only once it is clearly abandoned', async () => {
    const root = tempRoot();
    plantLock(root, { pid: 1 });
    fs.writeFileSync(lockFile(root), '');
    await expect(acquireScanLock(root, 100)).rejects.toThrow(BusyError);
    const old = new Date(Date.now() - 60_000);
    fs.utimesSync(lockFile(root), old, old);
    const release = await acquireScanLock(root, 500);
    expect(release.tookOver).toMatch(/unreadable/);
    release();
  });

  it('does not remove a lock that is no longer its own', async () => {
    const root = tempRoot();
    const release = await acquireScanLock(root, 500);
    plantLock(root, { pid: process.pid, time: Date.now() });
    release();
    expect(fs.existsSync(lockFile(root))).toBe(true);
  });
});
