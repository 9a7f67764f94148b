/**
 * The common case of a relative specifier, answered from the discovered file set alone: the same
 * candidates in the same order as the oxc options (oxc.ts), without a native call or a stat. It
 * makes relative resolution a pure function of the file list; anything it cannot answer for sure
 * (a directory with its own package.json, no candidate at all) goes to oxc-resolver.
 */
import path from 'node:path';
import { normalizeRepoPath } from '../model/paths.js';
import { TYPE_EXTENSION_ALIAS, TYPE_EXTENSIONS, VALUE_EXTENSION_ALIAS, VALUE_EXTENSIONS } from './oxc.js';

/**
 * The discovered file a relative specifier names, or undefined to ask oxc-resolver. `strictEsm`
 * (node16/nodenext ESM): the name as written, or its `.js`→`.ts` mapping, and nothing else.
 */
export function relativeFile(
  files: ReadonlySet<string>,
  dir: string,
  specifier: string,
  typeOnly: boolean,
  strictEsm = false,
): string | undefined {
  // Queries and fragments have rules of their own: leave them to oxc.
  if (/[?#]/.test(specifier)) return undefined;
  const target = normalizeRepoPath(path.posix.join(dir, specifier));
  if (target === undefined) return undefined;
  const extensions = typeOnly ? TYPE_EXTENSIONS : VALUE_EXTENSIONS;
  if (!namesDirectory(specifier)) {
    const ext = path.posix.extname(target);
    const alias = (typeOnly ? TYPE_EXTENSION_ALIAS : VALUE_EXTENSION_ALIAS)[ext];
    if (alias) {
      const stem = target.slice(0, -ext.length);
      return alias.map((e) => stem + e).find((c) => files.has(c));
    }
    if (files.has(target)) return target;
    if (strictEsm) return undefined;
    for (const e of extensions) if (files.has(target + e)) return target + e;
  }
  if (strictEsm) return undefined;
  // A directory's package.json (main, exports) outranks its index file.
  if (files.has(`${target}/package.json`)) return undefined;
  for (const e of extensions) if (files.has(`${target}/index${e}`)) return `${target}/index${e}`;
  return undefined;
}

/**
 * `./dir/`, `.` and `..` name a directory, never a file: Node and tsc both read them so, while
 * oxc-resolver 11 tries `../..` as a file first (it took hono's `types.js` for `types/`).
 */
export function namesDirectory(specifier: string): boolean {
  return /(?:^|\/)\.{1,2}$|\/$/.test(specifier);
}
