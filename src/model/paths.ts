/**
 * The one module that owns path normalisation and lexical containment. Paths inside proofmap are
 * repo-relative, POSIX, NFC-normalised, never absolute, never escaping the root. The realpath half
 * of containment needs the file system and lives in discover/contain.ts.
 */
import path from 'node:path';

/** Converts any OS path fragment to POSIX separators and NFC. */
export function toPosix(p: string): string {
  return p.replace(/\\/g, '/').normalize('NFC');
}

/**
 * Normalises a repo-relative path: POSIX, NFC, no `./`, no `..` escaping the root.
 * Returns undefined when the path is absolute, empty, holds a NUL byte or escapes the root.
 */
export function normalizeRepoPath(p: string): string | undefined {
  if (p.length === 0 || p.includes('\0')) return undefined;
  const posix = toPosix(p);
  if (posix.startsWith('/') || /^[A-Za-z]:\//.test(posix)) return undefined;
  const joined = path.posix.normalize(posix);
  if (joined === '..' || joined.startsWith('../')) return undefined;
  // posix.normalize already dropped inner `./`; only the bare root `.` is left to reject.
  const clean = joined.replace(/\/$/, '');
  return clean.length === 0 || clean === '.' ? undefined : clean;
}

/** Repo-relative path of an absolute path under root, or undefined when it is outside. */
export function relativeToRoot(root: string, abs: string): string | undefined {
  const rel = path.relative(root, abs);
  if (rel === '' || rel.startsWith('..') || path.isAbsolute(rel)) return rel === '' ? '' : undefined;
  return toPosix(rel);
}

/** Resolves a path relative to a repo-relative file's directory, contained in the root. */
export function joinRepoPath(fromFile: string, target: string): string | undefined {
  const dir = path.posix.dirname(fromFile);
  return normalizeRepoPath(path.posix.join(dir === '.' ? '' : dir, toPosix(target)));
}

/** True when a repo-relative path lies in one of the excluded directories. */
export function isExcludedPath(rel: string, excluded: readonly string[]): boolean {
  // Searched, not split: every listed path goes through here, and splitting each into segments
  // was most of what filtering a 7,000-file listing cost.
  for (const name of excluded) {
    let at = rel.indexOf(name);
    while (at >= 0) {
      const end = at + name.length;
      if (
        (at === 0 || rel.charCodeAt(at - 1) === SLASH) &&
        (end === rel.length || rel.charCodeAt(end) === SLASH)
      )
        return true;
      at = rel.indexOf(name, at + 1);
    }
  }
  return false;
}

const SLASH = 0x2f;

/** Byte-order comparison so that sorting never depends on locale. */
export function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
