/**
 * The writer lock: one scan at a time per repository. `.proofmap/scan.lock` is created with `wx`
 * and holds the owner's pid; a lock whose owner is dead is taken over, a live one is waited for
 * and then reported as BusyError. SQLite serialises the writes themselves, so even a lost race
 * here costs duplicate work, never a corrupt index.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CONFIG_MAX_BYTES, readRegularFile } from '../discover/safe-read.js';
import { OUTPUT_DIR } from '../model/constants.js';
import { BusyError } from '../model/errors.js';
import { ensureOutputDir } from './output-dir.js';

export const SCAN_LOCK_FILE = 'scan.lock';
const POLL_MS = 25;
// A pid can be reused by an unrelated process after a crash; past this age the lock is stale
// whatever the pid says. Far longer than any scan.
const STALE_AFTER_MS = 30 * 60 * 1000;
// An owner writes its pid right after creating the file; an unreadable lock older than this was
// left by a crash between the two.
const UNREADABLE_AFTER_MS = 5_000;

/** Releases the lock; `tookOver` says, in one line, that a dead owner's lock was replaced. */
export interface ScanLockRelease {
  (): void;
  readonly tookOver?: string;
}

interface Owner {
  pid: number;
  host: string;
  time: number;
  token: string;
}

export async function acquireScanLock(root: string, timeoutMs = 10_000): Promise<ScanLockRelease> {
  const file = path.join(root, OUTPUT_DIR, SCAN_LOCK_FILE);
  ensureOutputDir(path.dirname(file));
  const me: Owner = { pid: process.pid, host: os.hostname(), time: Date.now(), token: crypto.randomUUID() };
  const deadline = Date.now() + timeoutMs;
  let tookOver: string | undefined;
  for (;;) {
    if (tryCreate(file, me)) return releaser(file, me.token, tookOver);
    const text = readOrUndefined(file);
    const holder = text === undefined ? undefined : parse(text);
    const why = text === undefined ? undefined : holder ? staleReason(holder) : unreadableReason(file);
    if (text !== undefined && why && takeOver(file, text)) {
      tookOver = `took over ${SCAN_LOCK_FILE} from ${why}`;
      continue;
    }
    if (Date.now() >= deadline) {
      const who = holder
        ? `pid ${holder.pid}, started ${Math.round((Date.now() - holder.time) / 1000)} s ago`
        : 'unknown owner';
      throw new BusyError(`another proofmap scan is running (${who}); gave up after ${timeoutMs} ms`, {
        hint: 'wait for it to finish and run the scan again',
      });
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

function tryCreate(file: string, me: Owner): boolean {
  try {
    fs.writeFileSync(file, JSON.stringify(me), { flag: 'wx' });
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

/**
 * Why the holder is stale, or undefined while it may be alive. A lock from another host cannot
 * be probed by pid and is only stale by age (30 min at most), or at once when dated ahead.
 */
function staleReason(holder: Owner): string | undefined {
  // A start time ahead of this clock (by more than an NTP step) was written by a clock that
  // cannot be trusted, or by hand: judged by age it would block every scan until that date.
  if (!Number.isFinite(holder.time) || holder.time - Date.now() > 60_000)
    return `pid ${holder.pid} (its start time is in the future)`;
  if (Date.now() - holder.time > STALE_AFTER_MS) return `pid ${holder.pid} (older than 30 min)`;
  if (holder.host !== os.hostname()) return undefined;
  try {
    process.kill(holder.pid, 0);
    return undefined;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ESRCH' ? `dead pid ${holder.pid}` : undefined;
  }
}

function unreadableReason(file: string): string | undefined {
  try {
    return Date.now() - fs.statSync(file).mtimeMs > UNREADABLE_AFTER_MS
      ? 'an unreadable lock file'
      : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Removes the stale lock only if it is still the one judged stale: it is renamed to a private
 * name first (atomic), and if a live owner's lock was caught instead, it is linked back.
 */
function takeOver(file: string, staleText: string): boolean {
  const aside = `${file}.${process.pid}.${crypto.randomUUID()}`;
  try {
    fs.renameSync(file, aside);
  } catch {
    return false;
  }
  const caught = readOrUndefined(aside);
  if (caught !== staleText) {
    try {
      fs.linkSync(aside, file);
    } catch {
      // Someone created a new lock meanwhile; theirs stands.
    }
  }
  fs.rmSync(aside, { force: true });
  return caught === staleText;
}

function releaser(file: string, token: string, tookOver: string | undefined): ScanLockRelease {
  const release = () => {
    // Only our own lock is removed: after a take-over by age the file may belong to someone else.
    const holder = parse(readOrUndefined(file) ?? '');
    if (holder?.token === token) fs.rmSync(file, { force: true });
  };
  return Object.assign(release, tookOver === undefined ? {} : { tookOver });
}

function readOrUndefined(file: string): string | undefined {
  // A FIFO planted as scan.lock must read as "no holder", never block every scan.
  const read = readRegularFile(file, CONFIG_MAX_BYTES);
  return read.ok ? read.bytes.toString('utf8') : undefined;
}

function parse(text: string): Owner | undefined {
  try {
    const value = JSON.parse(text) as Partial<Owner>;
    if (typeof value.pid !== 'number' || typeof value.time !== 'number') return undefined;
    return {
      pid: value.pid,
      time: value.time,
      host: String(value.host ?? ''),
      token: String(value.token ?? ''),
    };
  } catch {
    return undefined;
  }
}
