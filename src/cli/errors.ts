/**
 * The one top-level handler: known errors print one line saying what to do (exit 2); anything
 * else is an internal error (exit 3) with the stack only when PROOFMAP_DEBUG is set.
 */
import { ProofmapError } from '../model/errors.js';
import type { Io } from './io.js';

export class UsageError extends ProofmapError {}

export function reportError(error: unknown, io: Io): number {
  if (error instanceof ProofmapError) {
    io.stderr.write(`proofmap: ${error.message}${error.hint ? ` — ${error.hint}` : ''}\n`);
    return 2;
  }
  const denied = environmentProblem(error);
  if (denied) {
    io.stderr.write(`proofmap: ${denied}\n`);
    return 2;
  }
  const addon = nativeAddonProblem(error, process.version);
  if (addon) {
    io.stderr.write(`proofmap: ${addon}\n`);
    return 3;
  }
  const err = error instanceof Error ? error : new Error(String(error));
  io.stderr.write(`proofmap: internal error: ${err.message}\n`);
  if (io.env.PROOFMAP_DEBUG) io.stderr.write(`${err.stack ?? ''}\n`);
  else io.stderr.write('proofmap: rerun with PROOFMAP_DEBUG=1 for the stack trace, and please report it\n');
  return 3;
}

/** Errno codes that mean the machine refused (permissions, a read-only or full disk), not a bug. */
const REFUSED = new Set(['EACCES', 'EPERM', 'EROFS', 'ENOSPC', 'EDQUOT']);
/** SQLite's codes for the same situations. */
const SQLITE_REFUSED = /^SQLITE_(READONLY|CANTOPEN|PERM|FULL)/;

/**
 * One line for an error the user's environment caused wherever it surfaced — an unwritable or
 * immutable `.proofmap/`, a read-only index, a full disk — or undefined for a real internal error.
 */
export function environmentProblem(error: unknown): string | undefined {
  const e = error as { code?: unknown; path?: unknown; syscall?: unknown; message?: unknown } | null;
  const code = typeof e?.code === 'string' ? e.code : undefined;
  if (!code) return undefined;
  if (REFUSED.has(code) && typeof e!.path === 'string')
    return `cannot ${typeof e!.syscall === 'string' ? e!.syscall : 'write'} ${e!.path} (${code}) — make it writable (chmod, chattr -i) or free some space, then run again`;
  if (SQLITE_REFUSED.test(code))
    return `the index .proofmap/index.db cannot be written (${code}: ${String(e!.message)}) — make .proofmap/ and its files writable, then run again`;
  return undefined;
}

/**
 * One line for a native module this Node cannot load — most often better-sqlite3 installed under
 * another Node version (a different NODE_MODULE_VERSION, or "did not self-register"). Not a bug
 * to report: the install has to be rebuilt for the Node that runs it.
 */
export function nativeAddonProblem(error: unknown, nodeVersion: string): string | undefined {
  const e = error as { code?: unknown; message?: unknown } | null;
  if (e?.code !== 'ERR_DLOPEN_FAILED' || typeof e.message !== 'string') return undefined;
  const pkg = /node_modules[\\/]((?:@[^\\/]+[\\/])?[^\\/]+)[\\/]/.exec(e.message)?.[1]?.replace('\\', '/');
  const first = e.message.split('\n')[0]!.replace(/\s+$/, '');
  const rebuild = pkg ? `npm rebuild ${pkg}` : 'npm rebuild';
  const why = /NODE_MODULE_VERSION|self-register/.test(e.message)
    ? 'it was built for another Node version'
    : 'it is damaged or built for another platform';
  return `a native module could not be loaded by Node ${nodeVersion} (${first}) — ${why}: run \`${rebuild}\` where proofmap is installed, with this Node, then run again`;
}
