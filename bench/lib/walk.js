// File walk shared by the peer scripts. The exclusion set mirrors DESIGN §4 (src/model/constants)
// so every tool in the benchmark reads the same files proofmap does.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

export const EXCLUDED_DIRS = new Set([
  'node_modules',
  '.git',
  'vendor',
  'dist',
  'build',
  'target',
  '.svelte-kit',
  '.next',
  'coverage',
  '.proofmap',
]);

/** Repo-relative POSIX paths of the files under `root` whose name passes `accept`, sorted. */
export function walk(root, accept) {
  const out = [];
  const visit = (dir, rel) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = rel ? `${rel}/${entry.name}` : entry.name;
      if (entry.isDirectory()) {
        if (!EXCLUDED_DIRS.has(entry.name)) visit(join(dir, entry.name), path);
      } else if (entry.isFile() && accept(entry.name)) {
        out.push(path);
      }
    }
  };
  visit(root, '');
  return out.sort();
}

export const isTs = (name) => /\.(c|m)?tsx?$/.test(name);
export const isJsOrTs = (name) => /\.(c|m)?(j|t)sx?$/.test(name);
