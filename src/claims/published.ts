/**
 * Installed copies of a package. `npm pack` ships only what `files` allows, so a package read from
 * node_modules (or any packed copy) lacks the docs/, examples/ and src/ its README links to on
 * GitHub. Absence there proves nothing: such a path is unverified, not contradicted. A tree
 * counts as a packed copy only when every file in the package folder is one `files` ships; a
 * source checkout always holds something more (tests, configs, the docs themselves).
 */
import picomatch from 'picomatch';
import { packageDir, packageOf } from './readings.js';
import type { ClaimsRepo, PackageView } from './repo.js';

/** Shipped whatever `files` says (npm's fixed list, plus what packages conventionally add). */
const ALWAYS = /^(?:package\.json|readme|licen[cs]e|changelog|history|notice|changes)(?:[.-][^/]*)?$/i;

const copies = new WeakMap<PackageView, boolean>();

function matcher(patterns: readonly string[]): (path: string) => boolean {
  const positive: ((p: string) => boolean)[] = [];
  const negative: ((p: string) => boolean)[] = [];
  for (const raw of patterns) {
    const neg = raw.startsWith('!');
    const clean = raw
      .replace(/^!/, '')
      .replace(/^\.?\//, '')
      .replace(/\/$/, '');
    if (clean === '') continue;
    const m = picomatch([clean, `${clean}/**`], { dot: true });
    (neg ? negative : positive).push(m);
  }
  return (p) => positive.some((m) => m(p)) && !negative.some((m) => m(p));
}

/** True when `path` (repo-relative) would not be in the package `npm pack` makes of its folder. */
export function notShipped(path: string, repo: ClaimsRepo): PackageView | undefined {
  const pkg = packageOf(path, repo);
  if (!pkg?.shipped || !packedCopy(pkg, repo)) return undefined;
  const dir = packageDir(pkg);
  const rel = dir === '' ? path : path.slice(dir.length + 1);
  return ALWAYS.test(rel) || matcher([...pkg.shipped, ...pkg.facts.entries.map((e) => e.target)])(rel)
    ? undefined
    : pkg;
}

function packedCopy(pkg: PackageView, repo: ClaimsRepo): boolean {
  const known = copies.get(pkg);
  if (known !== undefined) return known;
  const dir = packageDir(pkg);
  // npm ships the main and bin files whatever `files` says.
  const ships = matcher([...(pkg.shipped ?? []), ...pkg.facts.entries.map((e) => e.target)]);
  let copy = true;
  for (const f of repo.files) {
    if (dir !== '' && !f.startsWith(`${dir}/`)) continue;
    const rel = dir === '' ? f : f.slice(dir.length + 1);
    // A nested package is its own copy; its files say nothing about this one.
    if (rel.split('/').includes('node_modules')) continue;
    if (!ALWAYS.test(rel) && !ships(rel)) {
      copy = false;
      break;
    }
  }
  copies.set(pkg, copy);
  return copy;
}
