/**
 * Turning a path as written in a document into repo paths to look up. Everything unsafe stops
 * here: NUL bytes and undecodable percent-encoding are ignored, absolute and escaping paths and
 * symlinks out of the root are rejected, so no detector ever looks outside the repository.
 */
import { joinRepoPath, normalizeRepoPath } from '../../model/paths.js';
import type { ClaimsRepo } from '../repo.js';

export type Located =
  | { ok: true; candidates: string[] }
  | { ok: false; outcome: 'rejected' | 'ignored'; reason: string };

export function decodeOnce(raw: string): string | undefined {
  try {
    return decodeURIComponent(raw);
  } catch {
    return undefined;
  }
}

/** Candidates in order: relative to the stating document, then relative to the root. */
export function locate(raw: string, from: string, repo: ClaimsRepo, encoded = false): Located {
  const text = encoded ? decodeOnce(raw) : raw;
  if (text === undefined) return { ok: false, outcome: 'ignored', reason: 'undecodable percent-encoding' };
  if (text.includes('\0')) return { ok: false, outcome: 'ignored', reason: 'the path holds a NUL byte' };
  if (text.startsWith('/') || /^[A-Za-z]:[\\/]/.test(text))
    return { ok: false, outcome: 'rejected', reason: 'an absolute path is outside any repository' };
  const candidates = [joinRepoPath(from, text), normalizeRepoPath(text)].filter(
    (p, i, all): p is string => p !== undefined && all.indexOf(p) === i,
  );
  if (candidates.length === 0)
    return { ok: false, outcome: 'rejected', reason: 'the path escapes the repository root' };
  const outside = candidates.find((p) => repo.escapes(p));
  if (outside) return { ok: false, outcome: 'rejected', reason: `${outside} is a symlink out of the root` };
  return { ok: true, candidates };
}

/** A file, or a folder holding at least one file. */
export function existing(path: string, repo: ClaimsRepo): 'file' | 'folder' | undefined {
  if (repo.files.has(path)) return 'file';
  const prefix = `${path}/`;
  for (const f of repo.files) if (f.startsWith(prefix)) return 'folder';
  return undefined;
}

const SWAPS: [RegExp, string[]][] = [
  [/\.js$/, ['.ts', '.tsx']],
  [/\.mjs$/, ['.mts']],
  [/\.cjs$/, ['.cts']],
  [/\.jsx$/, ['.tsx']],
];

/** The file a code path names, allowing TypeScript's `.js` → `.ts` convention and index files. */
export function codeFile(path: string, repo: ClaimsRepo): string | undefined {
  if (repo.files.has(path)) return path;
  for (const [pattern, exts] of SWAPS)
    if (pattern.test(path))
      for (const ext of exts) {
        const swapped = path.replace(pattern, ext);
        if (repo.files.has(swapped)) return swapped;
      }
  for (const ext of ['.ts', '.tsx', '.js', '.mjs', '/index.ts', '/index.js'])
    if (repo.files.has(path + ext)) return path + ext;
  return undefined;
}
