import { contain } from '../discover/contain.js';
import { readRegularFile } from '../discover/safe-read.js';
import { normalizeRepoPath } from '../model/paths.js';

const MAX_BYTES = 2_000_000;

export interface RepoFiles {
  textOf(path: string): string | undefined;
  /** True when the path (or a folder on it) is a symlink whose target leaves the root. */
  escapes(path: string): boolean;
  /** Regular file or folder inside the root. */
  exists(path: string): boolean;
}

export function repoFiles(root: string): RepoFiles {
  const texts = new Map<string, string | undefined>();
  const escapes = (rel: string) => {
    const clean = normalizeRepoPath(rel);
    if (clean === undefined) return true;
    const c = contain(root, clean);
    return !c.ok && (c.reason === 'outside' || c.reason === 'loop');
  };
  return {
    escapes,
    exists: (rel) => {
      const clean = normalizeRepoPath(rel);
      return clean !== undefined && contain(root, clean).ok;
    },
    textOf: (rel) => {
      if (texts.has(rel)) return texts.get(rel);
      let text: string | undefined;
      const clean = normalizeRepoPath(rel);
      const c = clean === undefined ? undefined : contain(root, clean);
      if (c?.ok) {
        const read = readRegularFile(c.real, MAX_BYTES);
        text = read.ok ? read.bytes.toString('utf8') : undefined;
      }
      texts.set(rel, text);
      return text;
    },
  };
}
