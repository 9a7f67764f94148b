/**
 * A link destination as written → the repo path it names, the way GitHub resolves it: relative to
 * the document's folder, `/…` from the repository root, query dropped, `#fragment` kept apart.
 */
import { joinRepoPath, normalizeRepoPath } from '../model/index.js';

export type LinkTarget =
  /** A file or folder path; '' is the document itself (`#heading`). */
  | { kind: 'path'; target: string; anchor?: string }
  /** The repository root (`/`, `../` from a top-level doc): valid, but not a node. */
  | { kind: 'root' }
  /** Not resolvable: the reason completes "links to X, which …". */
  | { kind: 'broken'; reason: string }
  /** NUL bytes: not a link anyone can follow or write on purpose. */
  | { kind: 'ignored' };

export function resolveLinkTarget(docPath: string, raw: string): LinkTarget {
  if (raw.includes('\0')) return { kind: 'ignored' };
  const hash = raw.indexOf('#');
  const beforeHash = hash < 0 ? raw : raw.slice(0, hash);
  const query = beforeHash.indexOf('?');
  const encoded = query < 0 ? beforeHash : beforeHash.slice(0, query);
  const decoded = safeDecode(encoded);
  if (decoded === undefined) return { kind: 'broken', reason: 'cannot be percent-decoded' };
  if (decoded.includes('\0')) return { kind: 'ignored' };
  const fragment = hash < 0 ? undefined : raw.slice(hash + 1);
  // An undecodable fragment is kept as written; it then matches no heading and is reported.
  const anchor = fragment === undefined ? undefined : (safeDecode(fragment) ?? fragment);
  const withAnchor = (target: string): LinkTarget =>
    anchor === undefined ? { kind: 'path', target } : { kind: 'path', target, anchor };
  if (decoded === '') return withAnchor('');
  const rootRelative = decoded.startsWith('/');
  const relative = rootRelative ? decoded.replace(/^\/+/, '') : decoded;
  const target = rootRelative ? normalizeRepoPath(relative) : joinRepoPath(docPath, relative);
  if (target !== undefined) return withAnchor(target);
  // Appending a name and landing on just that name means the link named the root itself.
  const probe = rootRelative ? normalizeRepoPath(`${relative}/x`) : joinRepoPath(docPath, `${relative}/x`);
  if (relative === '' || probe === 'x') return { kind: 'root' };
  return { kind: 'broken', reason: 'points outside the repository' };
}

/** decodeURIComponent that reports malformed input (`%E0%A4%A`, lone `%`) instead of throwing. */
export function safeDecode(text: string): string | undefined {
  try {
    return decodeURIComponent(text);
  } catch {
    return undefined;
  }
}

/** `L10`, `L10-L20`, and GitHub's column forms `L10C2-L20C5`; undefined for other anchors. */
export function lineAnchor(anchor: string): { start: number; end: number } | undefined {
  const match = /^L(\d+)(?:C\d+)?(?:-L(\d+)(?:C\d+)?)?$/.exec(anchor);
  if (!match) return undefined;
  const start = Number(match[1]);
  return { start, end: match[2] === undefined ? start : Number(match[2]) };
}
