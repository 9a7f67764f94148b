/**
 * Go import resolution over the discovered files, following the go command in module mode: an
 * import path names a package directory. The modules that can provide it are the importing
 * file's main module (the nearest `go.mod` above it) — or, when a `go.work` uses that module, every
 * module of the workspace — plus the local directories `replace` directives point at; the longest
 * module path that prefixes the import wins, and the rest of the path is a directory inside it.
 * A path whose first element has no dot is the standard library (unless the repository is Go's own
 * `std` module); anything else is an external module, declared when a `require` covers it.
 */
import type { GoManifest } from '../extract/go-manifest.js';

export type GoOutcome =
  | { kind: 'package'; dir: string; importPath: string }
  | { kind: 'stdlib'; importPath: string }
  | { kind: 'external'; module: string; declared: boolean }
  | { kind: 'cgo' }
  | { kind: 'unresolved'; reason: string };

export interface GoModuleRoot {
  /** Directory of the go.mod, repo-relative ('' for the root). */
  dir: string;
  /** The module path its go.mod declares. */
  path: string;
  /** The go.mod file. */
  manifest: string;
}

export interface GoResolver {
  resolve(fromFile: string, importPath: string): GoOutcome;
  /** The module a directory belongs to (nearest go.mod above it). */
  moduleOf(dir: string): GoModuleRoot | undefined;
  /** The import path of a package directory, when it lies inside a module. */
  importPathOf(dir: string): string | undefined;
}

const dirOf = (p: string) => (p.includes('/') ? p.slice(0, p.lastIndexOf('/')) : '');
const join = (dir: string, rest: string) => (dir === '' ? rest : rest === '' ? dir : `${dir}/${rest}`);
const under = (path: string, prefix: string) => path === prefix || path.startsWith(`${prefix}/`);

export function createGoResolver(input: {
  /** Every discovered path. */
  files: Iterable<string>;
  manifests: ReadonlyMap<string, GoManifest>;
}): GoResolver {
  const packageDirs = new Set<string>();
  for (const f of input.files) if (f.endsWith('.go')) packageDirs.add(dirOf(f));
  const modules = new Map<string, GoModuleRoot>();
  const mods = new Map<string, GoManifest>();
  const works: GoManifest[] = [];
  for (const [path, m] of input.manifests) {
    if (m.kind === 'go.work') works.push(m);
    else if (m.module) {
      modules.set(dirOf(path), { dir: dirOf(path), path: m.module, manifest: path });
      mods.set(dirOf(path), m);
    }
  }
  const std = [...modules.values()].find((m) => m.path === 'std');

  const moduleCache = new Map<string, GoModuleRoot | undefined>();
  const moduleOf = (dir: string): GoModuleRoot | undefined => {
    if (moduleCache.has(dir)) return moduleCache.get(dir);
    let found: GoModuleRoot | undefined;
    for (let d: string | undefined = dir; d !== undefined; d = d === '' ? undefined : dirOf(d)) {
      found = modules.get(d);
      if (found) break;
    }
    moduleCache.set(dir, found);
    return found;
  };
  /** The workspace whose `use` list names the module: the nearest go.work above it, as GOWORK finds. */
  const workspaceOf = (mod: GoModuleRoot): GoManifest | undefined =>
    works
      .filter((w) => under(mod.dir, dirOf(w.path)) || dirOf(w.path) === '')
      .sort((a, b) => b.path.length - a.path.length)
      .find((w) => w.uses.some((u) => u.dir === mod.dir));

  /** (module path → directory) candidates for imports made from inside `mod`. */
  const providersCache = new Map<string, [string, string][]>();
  const providers = (mod: GoModuleRoot): [string, string][] => {
    let list = providersCache.get(mod.dir);
    if (list) return list;
    const work = workspaceOf(mod);
    const mains = work ? work.uses.flatMap((u) => (modules.has(u.dir) ? [modules.get(u.dir)!] : [])) : [mod];
    const byPath = new Map<string, string>();
    for (const m of mains) byPath.set(m.path, m.dir);
    // go.work replaces override the modules' own; both point at local directories here.
    for (const m of mains)
      for (const r of mods.get(m.dir)?.replaces ?? [])
        if (r.localDir !== undefined) byPath.set(r.module, r.localDir);
    for (const r of work?.replaces ?? []) if (r.localDir !== undefined) byPath.set(r.module, r.localDir);
    list = [...byPath].sort(([a], [b]) => b.length - a.length);
    providersCache.set(mod.dir, list);
    return list;
  };

  const declaredModule = (mod: GoModuleRoot, importPath: string): string | undefined => {
    const work = workspaceOf(mod);
    const dirs = work ? work.uses.map((u) => u.dir) : [mod.dir];
    let best: string | undefined;
    for (const d of dirs)
      for (const r of mods.get(d)?.requires ?? [])
        if (under(importPath, r.module) && (!best || r.module.length > best.length)) best = r.module;
    return best;
  };

  const isStd = (importPath: string) => !importPath.split('/')[0]!.includes('.');

  return {
    moduleOf,
    importPathOf(dir) {
      const mod = moduleOf(dir);
      if (!mod) return undefined;
      const rest = mod.dir === '' ? dir : dir.slice(mod.dir.length + 1);
      return mod.path === 'std' ? rest : rest === '' ? mod.path : `${mod.path}/${rest}`;
    },
    resolve(fromFile, importPath) {
      if (importPath === 'C') return { kind: 'cgo' };
      const mod = moduleOf(dirOf(fromFile));
      if (!mod) {
        if (isStd(importPath)) return { kind: 'stdlib', importPath };
        return {
          kind: 'unresolved',
          reason: `${fromFile} is not inside a Go module (no go.mod above it): GOPATH imports are not resolved`,
        };
      }
      for (const [path, dir] of providers(mod)) {
        if (!under(importPath, path)) continue;
        const target = join(dir, importPath.slice(path.length + 1));
        if (packageDirs.has(target) && moduleOf(target)?.dir === moduleOf(dir)?.dir)
          return { kind: 'package', dir: target, importPath };
        return {
          kind: 'unresolved',
          reason: `import "${importPath}" names ${target || '(root)'} in module ${path}, which holds no Go package of this module`,
        };
      }
      if (isStd(importPath)) {
        // Go's own source tree: the standard library is the `std` module, vendoring golang.org/x.
        if (std && packageDirs.has(join(std.dir, importPath)))
          return { kind: 'package', dir: join(std.dir, importPath), importPath };
        return { kind: 'stdlib', importPath };
      }
      if (
        (mod.path === 'std' || mod.path === 'cmd') &&
        packageDirs.has(join(mod.dir, `vendor/${importPath}`))
      )
        return { kind: 'package', dir: join(mod.dir, `vendor/${importPath}`), importPath };
      const declared = declaredModule(mod, importPath);
      return { kind: 'external', module: declared ?? importPath, declared: declared !== undefined };
    },
  };
}
