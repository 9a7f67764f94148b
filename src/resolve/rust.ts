/**
 * Rust resolution: the crates of a repository (one per Cargo.toml with a `[package]`), their
 * targets' crate roots (cargo's defaults: src/lib.rs, src/main.rs, src/bin/*, tests/*, examples/*,
 * benches/*, build.rs, or the manifest's paths), the module tree each root declares through
 * `mod x;` (x.rs, x/mod.rs, `#[path]`, inline `mod x { … }`), and `use` paths resolved on it:
 * `crate::`, `self::`, `super::`, a local module's name (2018 uniform paths), a workspace crate
 * (a `path` dependency, or the package's own library from its other targets), the builtins
 * (std, core, alloc, proc_macro, test) and declared external crates.
 */
import picomatch from 'picomatch';
import { joinLocal } from '../extract/go-manifest.js';
import type { RustFacts, RustInclude, RustMod, RustUse } from '../extract/rust.js';
import type { CargoManifest } from '../extract/rust-manifest.js';

export interface RustModule {
  /** The file that holds the module (an inline module is in its parent's file). */
  file: string;
  crate: RustCrate;
  /** From the crate root: [] is the root, ['a', 'b'] is crate::a::b. */
  path: string[];
  /** Where `mod x;` inside this module looks for x.rs and x/mod.rs. */
  dir: string;
  inline: boolean;
  children: Map<string, RustModule>;
  parent?: RustModule;
}

export interface RustCrate {
  /** The package name (`my-lib`), from the manifest. */
  package: string;
  /** The manifest's path, and its directory. */
  manifest: string;
  dir: string;
  /** The library target's crate name (`my_lib`), when the package has one. */
  libName?: string;
  lib?: RustModule;
}

/** One `mod x;` or literal `include!` resolved (or not) to its file. */
export interface ModLink {
  from: string;
  decl: RustMod | RustInclude;
  kind: 'mod' | 'include';
  file?: string;
  /** Why the file was not found: the candidates tried. */
  reason?: string;
}

export type RustUseOutcome =
  | { kind: 'file'; file: string; names: string[] }
  | { kind: 'same-file' }
  | { kind: 'builtin'; crate: string }
  | { kind: 'external'; crate: string; declared: boolean }
  | { kind: 'unresolved'; reason: string };

export interface RustResolver {
  crates: RustCrate[];
  /** Every `mod x;` link, in file order. */
  mods: ModLink[];
  /** The module(s) a file is: several when two targets declare it. */
  modulesOf(file: string): RustModule[];
  resolve(file: string, use: RustUse): RustUseOutcome;
  /** The crate whose manifest declares a dependency, by its directory. */
  crateAt(dir: string): RustCrate | undefined;
}

const BUILTINS = new Set(['std', 'core', 'alloc', 'proc_macro', 'test']);
const dirOf = (p: string) => (p.includes('/') ? p.slice(0, p.lastIndexOf('/')) : '');
const join = (dir: string, rel: string) => (dir === '' ? rel : `${dir}/${rel}`);
/** `#[path]` and include! paths may climb (`../gen_helper.rs`); one outside the repository is none. */
const joinPath = (dir: string, rel: string) => joinLocal(dir, rel) ?? `(outside the repository)/${rel}`;
const crateName = (name: string) => name.replace(/-/g, '_');

export function createRustResolver(input: {
  files: Iterable<string>;
  manifests: ReadonlyMap<string, CargoManifest>;
  facts: ReadonlyMap<string, RustFacts>;
}): RustResolver {
  const all = [...input.files];
  const files = new Set(all.filter((f) => f.endsWith('.rs')));
  /** Files of other kinds an include! may name (generated `.in` files and the like). */
  const others = new Set(all);
  const crates: RustCrate[] = [];
  const byDir = new Map<string, RustCrate>();
  const moduleOf = new Map<string, RustModule[]>();
  const mods: ModLink[] = [];
  /** Declarations already linked: a module file two targets share is grown once per target. */
  const linked = new Set<RustMod | RustInclude>();
  const roots: { crate: RustCrate; root: string; lib: boolean }[] = [];
  const sortedManifests = [...input.manifests].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  for (const [path, m] of sortedManifests) {
    if (!m.package) continue;
    const dir = dirOf(path);
    const crate: RustCrate = { package: m.package.name, manifest: path, dir };
    crates.push(crate);
    byDir.set(dir, crate);
    for (const t of targetsOf(dir, m, files)) {
      if (t.kind === 'lib') crate.libName = crateName(t.name ?? m.package.name);
      roots.push({ crate, root: t.path, lib: t.kind === 'lib' });
    }
  }
  // Libraries first: a file two targets declare is first the library's module.
  roots.sort((a, b) => Number(b.lib) - Number(a.lib));
  for (const { crate, root, lib } of roots) {
    const module: RustModule = {
      file: root,
      crate,
      path: [],
      dir: dirOf(root),
      inline: false,
      children: new Map(),
    };
    if (lib) crate.lib = module;
    grow(module);
  }

  /** Adds a file module's declared children, depth first, files once per target. */
  function grow(module: RustModule): void {
    const list = moduleOf.get(module.file) ?? [];
    list.push(module);
    moduleOf.set(module.file, list);
    const facts = input.facts.get(module.file);
    if (!facts) return;
    const inlineAt = new Map<string, RustModule>([['', module]]);
    for (const decl of facts.mods) {
      const parent = inlineAt.get(decl.scope.join('/'));
      if (!parent) continue;
      if (decl.inline) {
        const child: RustModule = {
          file: module.file,
          crate: module.crate,
          path: [...parent.path, decl.name],
          dir: decl.path !== undefined ? joinPath(parent.dir, decl.path) : join(parent.dir, decl.name),
          inline: true,
          children: new Map(),
          parent,
        };
        parent.children.set(decl.name, child);
        inlineAt.set([...decl.scope, decl.name].join('/'), child);
        continue;
      }
      // #[path] outside inline modules is relative to the file's directory, inside them to the module's.
      const candidates =
        decl.path !== undefined
          ? [joinPath(decl.scope.length === 0 ? dirOf(module.file) : parent.dir, decl.path)]
          : [join(parent.dir, `${decl.name}.rs`), join(parent.dir, `${decl.name}/mod.rs`)];
      const file = candidates.find((c) => files.has(c));
      if (!linked.has(decl)) {
        linked.add(decl);
        mods.push({
          from: module.file,
          decl,
          kind: 'mod',
          ...(file ? { file } : { reason: `mod ${decl.name}: no ${candidates.join(' or ')}` }),
        });
      }
      if (!file) continue;
      const base = file.slice(file.lastIndexOf('/') + 1);
      const child: RustModule = {
        file,
        crate: module.crate,
        path: [...parent.path, decl.name],
        // x/mod.rs and #[path] files own their directory; x.rs puts its children in x/.
        dir: base === 'mod.rs' || decl.path !== undefined ? dirOf(file) : join(dirOf(file), decl.name),
        inline: false,
        children: new Map(),
        parent,
      };
      parent.children.set(decl.name, child);
      // A module file declared twice in one target would loop; cargo would reject it anyway.
      if (
        (moduleOf.get(file) ?? []).some(
          (m) => m.crate === module.crate && m.path.join() === child.path.join(),
        )
      )
        continue;
      grow(child);
    }
    for (const inc of facts.includes) {
      const at = inlineAt.get(inc.scope.join('/'));
      if (!at) continue;
      // include! paths are relative to the including file, whatever module it sits in.
      const file = joinPath(dirOf(module.file), inc.path);
      const found = others.has(file);
      if (!linked.has(inc)) {
        linked.add(inc);
        mods.push({
          from: module.file,
          decl: inc,
          kind: 'include',
          ...(found ? { file } : { reason: `include!: no ${file}` }),
        });
      }
      if (!found || !files.has(file) || (moduleOf.get(file) ?? []).some((m) => m.crate === module.crate))
        continue;
      // The included text is part of the module it is included in: same path, same children.
      grow({ ...at, file, inline: false });
    }
  }

  const manifestOf = (crate: RustCrate) => input.manifests.get(crate.manifest)!;
  const workspaceDeps = (crate: RustCrate) => {
    for (let dir = crate.dir; ; dir = dirOf(dir)) {
      const ws = input.manifests.get(join(dir, 'Cargo.toml'))?.workspace;
      if (ws) return ws.dependencies;
      if (dir === '') return undefined;
    }
  };
  /** The extern crate a name means in a crate: a dependency (local or not), or its own library. */
  function externCrate(
    crate: RustCrate,
    name: string,
    fromLib: boolean,
  ): RustUseOutcome | RustModule | undefined {
    for (const d of manifestOf(crate).dependencies) {
      if (crateName(d.key) !== name) continue;
      const inherited = d.inherited ? workspaceDeps(crate)?.get(d.key) : undefined;
      const localDir = d.localDir ?? inherited?.localDir;
      const target = localDir !== undefined ? byDir.get(localDir) : undefined;
      if (target?.lib) return target.lib;
      return { kind: 'external', crate: inherited?.package ?? d.package, declared: true };
    }
    if (!fromLib && crate.libName === name && crate.lib) return crate.lib;
    if (BUILTINS.has(name)) return { kind: 'builtin', crate: name };
    return undefined;
  }

  /**
   * Whether a module file declares `name` at its top level. A file whose analysis is partial
   * (an unexpanded macro, include!, a syntax error) or that glob-imports may hold any name.
   */
  function knowsItem(file: string, name: string): boolean {
    const facts = input.facts.get(file);
    if (!facts || facts.items.includes(name)) return true;
    return facts.coverage.length > 0 || facts.uses.some((u) => u.glob && u.scope.length === 0);
  }

  function resolve(file: string, use: RustUse): RustUseOutcome {
    const home = moduleOf.get(file)?.[0];
    if (!home) return { kind: 'unresolved', reason: 'the file is not in any crate’s module tree' };
    let at: RustModule | undefined = home;
    for (const name of use.scope) at = at?.children.get(name);
    if (!at) return { kind: 'unresolved', reason: 'the use sits in a module the tree does not have' };
    const segs = [...use.segments];
    const first = segs[0];
    if (first === undefined) return { kind: 'unresolved', reason: 'empty use path' };
    let module: RustModule | undefined;
    if (use.kind === 'extern-crate' || first === '::') {
      const name = first === '::' ? segs[1] : first;
      segs.splice(0, first === '::' ? 2 : 1);
      const found =
        name === undefined ? undefined : externCrate(home.crate, name, home.crate.lib === root(home));
      if (!found)
        return { kind: 'unresolved', reason: `extern crate ${name} is not a dependency in the manifest` };
      if (!('children' in found)) return found;
      module = found;
    } else if (first === 'crate') {
      module = root(at);
      segs.shift();
    } else if (first === 'self' || first === 'super') {
      module = at;
      while (segs[0] === 'self' || segs[0] === 'super') {
        if (segs.shift() === 'super') module = module?.parent;
        if (!module) return { kind: 'unresolved', reason: 'super:: goes above the crate root' };
      }
    } else if (at.children.has(first)) module = at;
    else {
      const found = externCrate(home.crate, first, home.crate.lib === root(home));
      if (found && 'children' in found) {
        module = found;
        segs.shift();
      } else if (found) return found;
      else if (input.facts.get(file)?.items.includes(first) || first === 'Self') return { kind: 'same-file' };
      else
        return {
          kind: 'unresolved',
          reason: `${first} is not a module here, a crate dependency or a builtin crate (a macro-made module or an undeclared crate?)`,
        };
    }
    // Walk down while segments name modules; the rest are items of the module reached.
    while (segs.length > 0 && module.children.has(segs[0]!)) module = module.children.get(segs.shift()!)!;
    const item = segs[0];
    if (item !== undefined && !module.inline && !knowsItem(module.file, item))
      return {
        kind: 'unresolved',
        reason: `${['crate', ...module.path].join('::')} has no module or item ${item}`,
      };
    if (module.file === file) return { kind: 'same-file' };
    const names = use.glob || segs.length === 0 ? ['*'] : [segs[0]!];
    return { kind: 'file', file: module.file, names };
  }

  return {
    crates,
    mods,
    modulesOf: (file) => moduleOf.get(file) ?? [],
    resolve,
    crateAt: (dir) => byDir.get(dir),
  };
}

const root = (m: RustModule): RustModule => {
  let at = m;
  while (at.parent) at = at.parent;
  return at;
};

/** A package's targets with their crate roots, as cargo infers them when the manifest does not say. */
function targetsOf(
  dir: string,
  m: CargoManifest,
  files: ReadonlySet<string>,
): { kind: string; name?: string; path: string }[] {
  const out: { kind: string; name?: string; path: string }[] = [];
  const seen = new Set<string>();
  const add = (kind: string, path: string, name?: string) => {
    if (seen.has(path) || !files.has(path)) return;
    seen.add(path);
    out.push({ kind, path, ...(name ? { name } : {}) });
  };
  const lib = m.targets.find((t) => t.kind === 'lib');
  add('lib', lib?.path ?? join(dir, 'src/lib.rs'), lib?.name);
  for (const t of m.targets) if (t.kind !== 'lib' && t.path) add(t.kind, t.path, t.name);
  const auto = (kind: string, key: string, globs: string[]) => {
    if (m.noAuto.includes(key)) return;
    const match = picomatch(globs.map((g) => join(dir, g)));
    const prefix = dir === '' ? '' : `${dir}/`;
    for (const f of [...files].filter((f) => f.startsWith(prefix) && match(f)).sort()) add(kind, f);
  };
  auto('bin', 'bins', ['src/main.rs', 'src/bin/*.rs', 'src/bin/*/main.rs']);
  auto('test', 'tests', ['tests/*.rs', 'tests/*/main.rs']);
  auto('example', 'examples', ['examples/*.rs', 'examples/*/main.rs']);
  auto('bench', 'benches', ['benches/*.rs', 'benches/*/main.rs']);
  if (!m.targets.some((t) => t.kind === 'custom-build')) add('custom-build', join(dir, 'build.rs'));
  return out;
}
