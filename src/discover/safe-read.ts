/**
 * The one way proofmap reads a file it did not write itself. Paths come from the work tree, from
 * config and from map.json or the index, which are meant to be safe to commit and so are
 * untrusted: a FIFO there blocks a plain read forever, `/dev/zero` never ends, and a node path
 * can point outside the root. So the file is opened without blocking, its type and size are taken
 * from the open descriptor (no race with a swap after a stat), only a regular file is read, and
 * never more bytes than it had when it was opened.
 */
import { closeSync, constants, fstatSync, openSync, readSync, type Stats } from 'node:fs';
import { normalizeRepoPath } from '../model/paths.js';
import { contain } from './contain.js';

export type FileRead =
  | { ok: true; bytes: Buffer }
  | {
      ok: false;
      reason: 'missing' | 'outside' | 'loop' | 'not-a-file' | 'too-large' | 'unreadable';
      detail: string;
    };

/** Configuration files, ignore files: far above any real one. */
export const CONFIG_MAX_BYTES = 4 * 1024 * 1024;

/** The most any read takes when its caller has no tighter bound (a file's indexed size, a cap). */
export const READ_CAP_BYTES = 64 * 1024 * 1024;

// O_NONBLOCK: opening a FIFO for reading would otherwise wait for a writer. Not on Windows.
const OPEN_FLAGS = constants.O_RDONLY | (constants.O_NONBLOCK ?? 0);

/** Reads the regular file at `abs` when it holds at most `maxBytes` bytes. Never throws. */
export function readRegularFile(abs: string, maxBytes: number): FileRead {
  let fd: number;
  try {
    fd = openSync(abs, OPEN_FLAGS);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'error';
    if (code === 'ENOENT' || code === 'ENOTDIR') return { ok: false, reason: 'missing', detail: code };
    if (code === 'ELOOP') return { ok: false, reason: 'loop', detail: 'symlink loop' };
    return { ok: false, reason: 'unreadable', detail: code };
  }
  try {
    const stat = fstatSync(fd);
    if (!stat.isFile()) return { ok: false, reason: 'not-a-file', detail: kindOf(stat) };
    if (stat.size > maxBytes)
      return {
        ok: false,
        reason: 'too-large',
        detail: `${stat.size} bytes, over the ${maxBytes}-byte limit`,
      };
    const bytes = Buffer.allocUnsafe(stat.size);
    let filled = 0;
    while (filled < stat.size) {
      const n = readSync(fd, bytes, filled, stat.size - filled, filled);
      if (n === 0) break;
      filled += n;
    }
    return { ok: true, bytes: filled === stat.size ? bytes : bytes.subarray(0, filled) };
  } catch (error) {
    return { ok: false, reason: 'unreadable', detail: (error as NodeJS.ErrnoException).code ?? 'error' };
  } finally {
    closeSync(fd);
  }
}

/**
 * Reads a repo-relative path: a clean relative path (no `..`, no absolute, no NUL), whose real
 * path, after every symlink, is inside `root`, naming a regular file of at most `maxBytes`.
 */
export function readRepoPath(root: string, rel: string, maxBytes: number): FileRead {
  const clean = normalizeRepoPath(rel);
  if (clean === undefined) return { ok: false, reason: 'outside', detail: `not a repository path: ${rel}` };
  const inside = contain(root, clean);
  if (!inside.ok) return { ok: false, reason: inside.reason, detail: inside.detail };
  return readRegularFile(inside.real, maxBytes);
}

/** `readRepoPath` as UTF-8 text, or undefined when the file cannot be read safely. */
export function repoText(root: string, rel: string, maxBytes: number): string | undefined {
  const read = readRepoPath(root, rel, maxBytes);
  return read.ok ? read.bytes.toString('utf8') : undefined;
}

export function kindOf(stat: Stats): string {
  return kindOfType(stat.mode & constants.S_IFMT);
}

/** kindOf for a file type (mode & S_IFMT). */
export function kindOfType(type: number): string {
  if (type === constants.S_IFDIR) return 'directory';
  if (type === constants.S_IFIFO) return 'FIFO';
  if (type === constants.S_IFSOCK) return 'socket';
  if (type === constants.S_IFCHR) return 'character device';
  if (type === constants.S_IFBLK) return 'block device';
  return 'special file';
}
