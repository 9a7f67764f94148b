/**
 * `proofmap init`'s proposal: a config read off what the repository already says. One area per
 * workspace package; entries from the frameworks each package depends on (only globs that match a
 * file, so the config stays short), the module script of each Vite `index.html`, and package
 * `bin`/`exports` targets, wildcard subpaths as globs; checks run with the package manager in use.
 * Pure over a file list and a reader, so it is tested on listings built by hand.
 */
import { posix } from 'node:path';
import picomatch from 'picomatch';
import { frameworksOf, underPackage } from '../checkup/frameworks.js';
import { detectPackageManager, isUnattendedSafe, runScript } from '../discover/package-manager.js';
import type { ProofmapConfig } from '../model/config.js';
import { isRecord, readJsonRecord } from '../resolve/jsonc.js';
import { findWorkspaces } from '../resolve/workspaces.js';

export interface Proposal {
  config: ProofmapConfig;
  /** One line per decision, saying what it was read from. */
  reasons: string[];
}

export interface ProposeOptions {
  /** Write `areas: "packages"` instead of listing each package. */
  packagesShorthand?: boolean;
}

export function proposeConfig(
  files: readonly string[],
  readText: (rel: string) => string | undefined,
  options: ProposeOptions = {},
): Proposal {
  const fileSet = new Set(files);
  const reasons: string[] = [];
  const workspaces = [...findWorkspaces(fileSet, readText).entries()]
    .map(([name, w]) => ({ name, dir: w.dir, manifest: w.manifest }))
    .sort((a, b) => (a.dir < b.dir ? -1 : a.dir > b.dir ? 1 : 0));
  const packages =
    workspaces.length > 0
      ? workspaces
      : fileSet.has('package.json')
        ? [{ name: 'root', dir: '', manifest: 'package.json' }]
        : [];
  const nonRoot = packages.filter((p) => p.dir !== '');
  const config: ProofmapConfig = {};
  if (nonRoot.length > 0) {
    config.areas = options.packagesShorthand
      ? 'packages'
      : nonRoot.map((p) => ({ name: p.name, path: `${p.dir}/**` }));
    reasons.push(`areas: one per workspace package (${nonRoot.length}), from the workspace globs`);
  }
  const entries = new Set<string>();
  for (const pkg of packages) for (const e of packageEntries(pkg, fileSet, readText, reasons)) entries.add(e);
  if (entries.size > 0) config.entries = [...entries].sort();
  const pm = detectPackageManager(readText, (rel) => fileSet.has(rel));
  reasons.push(`checks: run with ${pm.name}, from ${pm.why}`);
  const checks = packageChecks(packages, readText, pm.name);
  if (checks.length > 0) config.checks = checks;
  return { config, reasons };
}

function packageEntries(
  pkg: { name: string; dir: string; manifest: string },
  files: Set<string>,
  readText: (rel: string) => string | undefined,
  reasons: string[],
): string[] {
  const manifest = readJsonRecord(readText, pkg.manifest) ?? {};
  const deps = ['dependencies', 'devDependencies', 'peerDependencies'].flatMap((f) =>
    isRecord(manifest[f]) ? Object.keys(manifest[f]) : [],
  );
  const out: string[] = [];
  const inPackage = [...files].filter((f) => pkg.dir === '' || f.startsWith(`${pkg.dir}/`));
  for (const framework of frameworksOf(deps)) {
    const used = framework.entries
      .map((g) => underPackage(pkg.dir, g))
      .filter((g) => {
        const is = picomatch(g, { dot: true });
        return inPackage.some((f) => is(f));
      });
    if (used.length === 0) continue;
    out.push(...used);
    reasons.push(
      `entries: ${framework.name} conventions in ${pkg.manifest} (${used.length} glob${used.length === 1 ? '' : 's'} that match files)`,
    );
  }
  const html = underPackage(pkg.dir, 'index.html');
  const page = files.has(html) ? readText(html) : undefined;
  for (const m of page?.matchAll(/<script\b[^>]*\btype=["']module["'][^>]*\bsrc=["']([^"']+)["']/gi) ?? []) {
    const target = posix.normalize(posix.join(pkg.dir, m[1]!.replace(/^\//, '')));
    if (!files.has(target)) continue;
    out.push(target);
    reasons.push(`entries: ${target}, the module script of ${html}`);
  }
  for (const target of manifestTargets(manifest)) {
    const rel = posix.normalize(posix.join(pkg.dir, target));
    if (rel.startsWith('../')) continue;
    if (rel.includes('*')) {
      // Node's `*` in an exports target matches across folders; picomatch's `*` does not.
      const glob = rel.replace(/\*/g, '**/*').replace(/\*\*\/\*\*\/\*/g, '**/*');
      const is = picomatch(glob);
      if (!inPackage.some((f) => is(f))) continue;
      out.push(glob);
      reasons.push(`entries: ${glob}, a wildcard subpath of exports in ${pkg.manifest}`);
    } else if (files.has(rel)) out.push(rel);
  }
  return out;
}

/** bin and exports targets as written (every string leaf of the exports conditions). */
function manifestTargets(manifest: Record<string, unknown>): string[] {
  const out: string[] = [];
  const walk = (v: unknown) => {
    if (typeof v === 'string') out.push(v);
    else if (Array.isArray(v)) v.forEach(walk);
    else if (isRecord(v)) Object.values(v).forEach(walk);
  };
  walk(manifest.bin);
  walk(manifest.exports);
  return out.filter((t) => t.startsWith('./') || !t.includes(':'));
}

/** Each package's test script for its own files, then the root's for everything. */
function packageChecks(
  packages: { dir: string; manifest: string }[],
  readText: (rel: string) => string | undefined,
  pm: Parameters<typeof runScript>[0],
): { path: string; run: string }[] {
  const checks: { path: string; run: string }[] = [];
  const ordered = [...packages.filter((p) => p.dir !== ''), ...packages.filter((p) => p.dir === '')];
  for (const pkg of ordered) {
    const scripts = readJsonRecord(readText, pkg.manifest)?.scripts;
    const test = isRecord(scripts) ? scripts.test : undefined;
    if (typeof test !== 'string' || !isUnattendedSafe('test', test) || /no test specified/.test(test))
      continue;
    checks.push({ path: pkg.dir === '' ? '**' : `${pkg.dir}/**`, run: runScript(pm, 'test', pkg.dir) });
  }
  return checks;
}
