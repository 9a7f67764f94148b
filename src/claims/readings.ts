/**
 * The ways a reader resolves a path written in a document: relative to the document, to a folder
 * above it (a skill's or a locale's own root), to the document's package, to the repository root;
 * and, for code, as the TypeScript source of a built `.js` name or under the package's `src/`.
 * A path is contradicted only when none of these readings names a file. Every candidate passed
 * `locate` first, so no reading leaves the root.
 */
import { joinRepoPath, normalizeRepoPath } from '../model/paths.js';
import type { ClaimsRepo, PackageView } from './repo.js';

export interface Reading {
  path: string;
  /** How the path was read, completing "… exists, read …"; '' for the literal reading. */
  how: string;
}

const dirOf = (p: string) => (p.includes('/') ? p.slice(0, p.lastIndexOf('/')) : '');

/** The package whose folder holds `path` most closely; the root package for top-level files. */
export function packageOf(path: string, repo: ClaimsRepo): PackageView | undefined {
  let best: PackageView | undefined;
  for (const p of repo.packages) {
    const dir = dirOf(p.manifest);
    if ((dir === '' || path.startsWith(`${dir}/`)) && (!best || dir.length > dirOf(best.manifest).length))
      best = p;
  }
  return best;
}

export function packageDir(p: PackageView): string {
  return dirOf(p.manifest);
}

/** Literal readings, nearest first: the document's folder, each folder above it, the root. */
export function pathReadings(text: string, from: string, repo: ClaimsRepo): Reading[] {
  const out: Reading[] = [];
  const add = (path: string | undefined, how: string) => {
    if (path !== undefined && !out.some((r) => r.path === path)) out.push({ path, how });
  };
  add(from === '' ? normalizeRepoPath(text) : joinRepoPath(from, text), '');
  const pkg = from === '' ? undefined : packageOf(from, repo);
  const pkgDir = pkg ? packageDir(pkg) : '';
  const docDir = dirOf(from);
  for (let dir = dirOf(docDir); docDir !== ''; dir = dirOf(dir)) {
    const label =
      pkg && dir === pkgDir ? `relative to its package ${pkg.manifest}` : `relative to ${dir || 'the root'}/`;
    add(normalizeRepoPath(dir === '' ? text : `${dir}/${text}`), label);
    if (dir === '') break;
  }
  add(normalizeRepoPath(text), 'from the repository root');
  return out;
}

const SWAPS: [RegExp, string[]][] = [
  [/\.js$/, ['.ts', '.tsx']],
  [/\.mjs$/, ['.mts']],
  [/\.cjs$/, ['.cts']],
  [/\.jsx$/, ['.tsx']],
];
const CODE = /\.[cm]?[jt]sx?$/;
const BUILT = /^(?:dist|build|lib|out|esm|cjs)\//;

/**
 * Code readings of one literal reading: a built `.js` name as its `.ts` source, a build folder as
 * `src/`, and a package-relative path under the package's `src/` (`exports/client/index.js` for
 * `src/exports/client/index.ts`).
 */
export function codeReadings(reading: Reading, repo: ClaimsRepo): Reading[] {
  const out: Reading[] = [];
  const withSwaps = (p: string, how: string) => {
    out.push({ path: p, how });
    for (const [re, exts] of SWAPS)
      if (re.test(p))
        for (const ext of exts) out.push({ path: p.replace(re, ext), how: `${how} as its ${ext} source` });
  };
  const path = reading.path;
  if (!CODE.test(path)) return [];
  if (/\.[cm]?jsx?$/.test(path)) withSwaps(path, reading.how || 'as written');
  const pkg = packageOf(path, repo);
  const dir = pkg ? packageDir(pkg) : '';
  const inPkg = dir === '' ? path : path.slice(dir.length + 1);
  const srcDir = dir === '' ? 'src' : `${dir}/src`;
  if (BUILT.test(inPkg))
    withSwaps(`${srcDir}/${inPkg.replace(BUILT, '')}`, `${reading.how || 'as written'}, built from src/`);
  else if (!inPkg.startsWith('src/'))
    withSwaps(`${srcDir}/${inPkg}`, `${reading.how || 'as written'}, under src/`);
  return out.filter((r) => r.path !== path);
}
