/**
 * Maps a manifest target to a discovered source file: `dist/index.js` was built from
 * `src/index.ts`, so when the target is not a discovered file we look where its source would be.
 * Pure lookups in the discovered file set; nothing here reads the disk.
 */
import { normalizeRepoPath } from '../model/paths.js';
import { TYPE_EXTENSIONS, VALUE_EXTENSIONS } from './oxc.js';

/** Folders that hold build output rather than sources. */
const OUTPUT_DIRS = new Set([
  'dist',
  'build',
  'lib',
  'out',
  'esm',
  'cjs',
  'es',
  'mjs',
  'umd',
  'types',
  'typings',
]);
const EMITTED_EXTENSION = /(?:\.d)?\.[cm]?[jt]sx?$/;
/**
 * The first discovered file among the targets (relative to the package directory `dir`), trying
 * each target literally, then (with `mapToSource`) with leading build folders mapped to `src/` or
 * dropped.
 */
export function findSourceFile(
  files: ReadonlySet<string>,
  dir: string,
  targets: readonly string[],
  typeOnly: boolean,
  mapToSource = true,
): string | undefined {
  for (const target of targets) {
    for (const candidate of mapToSource ? sourceCandidates(target) : [target.replace(/^\.\//, '')]) {
      const rel = normalizeRepoPath(dir ? `${dir}/${candidate}` : candidate);
      const hit = rel === undefined ? undefined : findFile(files, rel, typeOnly);
      if (hit) return hit;
    }
  }
  return undefined;
}

function sourceCandidates(target: string): string[] {
  const segments = target.replace(/^\.\//, '').split('/');
  let lead = 0;
  while (lead < segments.length - 1 && OUTPUT_DIRS.has(segments[lead] ?? '')) lead++;
  const literal = segments.join('/');
  if (lead === 0) return [literal];
  const rest = segments.slice(lead).join('/');
  return [...new Set([literal, `src/${rest}`, `src/${segments.slice(1).join('/')}`, rest])];
}

/** The file itself, else its stem under any source extension, else the stem as a directory index. */
function findFile(files: ReadonlySet<string>, rel: string, typeOnly: boolean): string | undefined {
  if (files.has(rel)) return rel;
  const stem = rel.replace(EMITTED_EXTENSION, '');
  const extensions = typeOnly ? TYPE_EXTENSIONS : VALUE_EXTENSIONS;
  for (const ext of extensions) if (files.has(stem + ext)) return stem + ext;
  for (const ext of extensions) if (files.has(`${stem}/index${ext}`)) return `${stem}/index${ext}`;
  return undefined;
}
