/** Builds a ResolverInput from a directory: a plain walk, so resolve tests never depend on discover/. */
import { readdirSync, readFileSync, realpathSync } from 'node:fs';
import path from 'node:path';
import { EXCLUDED_DIRS } from '../../src/model/constants.js';
import type { ResolverInput } from '../../src/resolve/index.js';

export const fixtureDir = (name: string): string => path.join(import.meta.dirname, '..', 'fixtures', name);

/** Every file under `dir` except excluded directories, as repo-relative POSIX paths. */
export function walkFiles(dir: string, keep: (rel: string) => boolean = () => true): Set<string> {
  const out = new Set<string>();
  const visit = (rel: string) => {
    for (const entry of readdirSync(path.join(dir, rel), { withFileTypes: true })) {
      const child = rel ? `${rel}/${entry.name}` : entry.name;
      if (entry.isDirectory()) {
        if (!EXCLUDED_DIRS.includes(entry.name)) visit(child);
      } else if (entry.isFile() && keep(child)) out.add(child);
    }
  };
  visit('');
  return out;
}

export function inputFor(dir: string, keep?: (rel: string) => boolean): ResolverInput {
  const root = realpathSync(dir);
  const files = walkFiles(root, keep);
  return {
    root,
    files,
    readText: (rel) => (files.has(rel) ? readFileSync(path.join(root, rel), 'utf8') : undefined),
  };
}

export const fixtureInput = (name: string, keep?: (rel: string) => boolean): ResolverInput =>
  inputFor(fixtureDir(name), keep);
