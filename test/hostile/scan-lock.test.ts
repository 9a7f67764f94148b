/**
 * Issue 22 item 5: a planted scan.lock dated in the future (from this host with a live pid, or
 * from another host) must not block every scan: the scan takes it over, exit 0, a fresh map.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli, gatedRepo } from './hook-harness.js';

describe('hostile item 5: stale scan locks with wrong clocks and other hosts', () => {
  it.each([
    ['this host, a live pid, dated next year', { pid: process.pid, host: os.hostname() }],
    ['another host, dated next year', { pid: 4242, host: 'elsewhere.example' }],
  ])('%s: the scan takes the lock over and finishes', (_name, owner) => {
    const root = gatedRepo();
    mkdirSync(path.join(root, '.proofmap'));
    const lock = path.join(root, '.proofmap/scan.lock');
    writeFileSync(lock, JSON.stringify({ ...owner, time: Date.now() + 365 * 86_400_000, token: 'planted' }));
    const started = Date.now();
    const r = cli(root, ['scan']);
    expect(r.status, r.stderr).toBe(0);
    expect(Date.now() - started).toBeLessThan(8_000);
    expect(existsSync(path.join(root, '.proofmap/map.json'))).toBe(true);
    expect(existsSync(lock)).toBe(false);
  });
});
