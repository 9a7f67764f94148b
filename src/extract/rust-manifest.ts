/**
 * Cargo manifests (`Cargo.toml`): the package and its targets (`[lib]`, `[[bin]]`, …), the
 * `[workspace]` members (globs) and inherited `[workspace.dependencies]`, and the dependencies of
 * every kind (normal, dev, build, per target platform) with their `path` and `package` rename.
 * What they give the map: a package node per manifest, `depends-on` edges, the crates and the
 * crate roots the resolver builds module trees from, and the names a `use` can start with.
 */
import { parse } from 'smol-toml';
import type { Coverage } from '../model/types.js';
import { joinLocal } from './go-manifest.js';

export interface CargoDependency {
  /** The key as written: the name code uses, `-` read as `_` (`serde_json`). */
  key: string;
  /** The package depended on (`package = "…"` renames), else the key. */
  package: string;
  kind: 'normal' | 'dev' | 'build';
  /** The dependency's directory, repo-relative, for a `path` dependency inside the repository. */
  localDir?: string;
  /** `x.workspace = true`: the entry comes from the workspace root's `[workspace.dependencies]`. */
  inherited: boolean;
  line: number;
}

export interface CargoTarget {
  kind: 'lib' | 'bin' | 'test' | 'example' | 'bench' | 'custom-build';
  name?: string;
  /** The crate root as written in the manifest, repo-relative; absent: cargo's default place. */
  path?: string;
  line: number;
}

export interface CargoManifest {
  path: string;
  package?: { name: string; line: number };
  targets: CargoTarget[];
  /** `[package] autobins = false` and friends: cargo does not add the default targets of that kind. */
  noAuto: string[];
  workspace?: {
    line: number;
    members: { glob: string; line: number }[];
    exclude: string[];
    dependencies: Map<string, { package: string; localDir?: string }>;
  };
  dependencies: CargoDependency[];
  coverage: Coverage[];
}

export const isCargoManifest = (path: string) => path === 'Cargo.toml' || path.endsWith('/Cargo.toml');

const dirOf = (p: string) => (p.includes('/') ? p.slice(0, p.lastIndexOf('/')) : '');
type Table = Record<string, unknown>;
const asTable = (v: unknown): Table | undefined =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Table) : undefined;

export function extractCargoManifest(path: string, text: string): CargoManifest {
  const out: CargoManifest = { path, targets: [], noAuto: [], dependencies: [], coverage: [] };
  let doc: Table;
  try {
    doc = parse(text) as Table;
  } catch (error) {
    out.coverage.push({
      analyzer: 'cargo-manifest',
      scope: path,
      status: 'failed',
      reason: `Cargo.toml is not valid TOML: ${(error as Error).message.split('\n')[0]}`,
    });
    return out;
  }
  const dir = dirOf(path);
  const lines = lineIndex(text);
  const pkg = asTable(doc.package);
  if (pkg && typeof pkg.name === 'string') out.package = { name: pkg.name, line: lines.header('package') };
  for (const kind of ['bins', 'tests', 'examples', 'benches'])
    if (pkg?.[`auto${kind}`] === false) out.noAuto.push(kind);
  const local = (p: unknown) => (typeof p === 'string' ? joinLocal(dir, p) : undefined);
  const lib = asTable(doc.lib);
  if (lib)
    out.targets.push({
      kind: 'lib',
      ...(typeof lib.name === 'string' ? { name: lib.name } : {}),
      ...(local(lib.path) !== undefined ? { path: local(lib.path) } : {}),
      line: lines.header('lib'),
    });
  for (const [key, kind] of [
    ['bin', 'bin'],
    ['test', 'test'],
    ['example', 'example'],
    ['bench', 'bench'],
  ] as const) {
    const list = doc[key];
    if (!Array.isArray(list)) continue;
    list.forEach((t, i) => {
      const target = asTable(t);
      if (!target) return;
      out.targets.push({
        kind,
        ...(typeof target.name === 'string' ? { name: target.name } : {}),
        ...(local(target.path) !== undefined ? { path: local(target.path) } : {}),
        line: lines.header(`[${key}]`, i),
      });
    });
  }
  if (pkg && typeof pkg.build === 'string' && local(pkg.build) !== undefined)
    out.targets.push({ kind: 'custom-build', path: local(pkg.build)!, line: lines.key('package', 'build') });
  const ws = asTable(doc.workspace);
  if (ws) {
    const members = Array.isArray(ws.members) ? ws.members.filter((m) => typeof m === 'string') : [];
    const deps = new Map<string, { package: string; localDir?: string }>();
    for (const [key, spec] of Object.entries(asTable(ws.dependencies) ?? {})) {
      const t = asTable(spec);
      const localDir = local(t?.path);
      deps.set(key, {
        package: typeof t?.package === 'string' ? t.package : key,
        ...(localDir !== undefined ? { localDir } : {}),
      });
    }
    out.workspace = {
      line: lines.header('workspace'),
      members: members.map((glob) => ({ glob, line: lines.find(`"${glob}"`, 'workspace') })),
      exclude: Array.isArray(ws.exclude) ? ws.exclude.filter((m): m is string => typeof m === 'string') : [],
      dependencies: deps,
    };
  }
  const sections: [string, Table | undefined][] = [
    ['', doc],
    ...Object.entries(asTable(doc.target) ?? {}).map(
      ([platform, t]) => [`target.${platform}.`, asTable(t)] as [string, Table | undefined],
    ),
  ];
  for (const [prefix, table] of sections)
    for (const [field, kind] of [
      ['dependencies', 'normal'],
      ['dev-dependencies', 'dev'],
      ['build-dependencies', 'build'],
    ] as const)
      for (const [key, spec] of Object.entries(asTable(table?.[field]) ?? {})) {
        const t = asTable(spec);
        const localDir = local(t?.path);
        if (typeof t?.path === 'string' && localDir === undefined)
          out.coverage.push({
            analyzer: 'cargo-manifest',
            scope: `${path}:${lines.key(`${prefix}${field}`, key)}`,
            status: 'partial',
            reason: `dependency ${key} has path ${t.path}, outside the repository`,
          });
        out.dependencies.push({
          key,
          package: typeof t?.package === 'string' ? t.package : key,
          kind,
          ...(localDir !== undefined ? { localDir } : {}),
          inherited: t?.workspace === true,
          line: lines.key(`${prefix}${field}`, key),
        });
      }
  return out;
}

/**
 * Where tables and keys are in the text (smol-toml gives values, not lines): a line scan that
 * knows `[table]`, `[[array]]`, `key = …`, `key.sub = …` and `[table.key]` forms.
 */
function lineIndex(text: string) {
  const rows = text.split('\n');
  const headers: { name: string; line: number }[] = [];
  const keys = new Map<string, number>();
  let current = '';
  rows.forEach((raw, i) => {
    const line = raw.trim();
    const header = /^\[(\[?)\s*([^\]]+?)\s*\]\]?/.exec(line);
    if (header) {
      current = normaliseKey(header[2]!);
      headers.push({ name: header[1] ? `[${current}]` : current, line: i + 1 });
      // `[dependencies.serde]` is serde's entry in [dependencies].
      const dot = current.lastIndexOf('.');
      if (dot > 0) {
        const at = `${current.slice(0, dot)}\0${current.slice(dot + 1)}`;
        if (!keys.has(at)) keys.set(at, i + 1);
      }
      return;
    }
    const key = /^("[^"]+"|'[^']+'|[A-Za-z0-9_-]+)\s*[=.]/.exec(line);
    if (key) {
      const at = `${current}\0${normaliseKey(key[1]!)}`;
      if (!keys.has(at)) keys.set(at, i + 1);
    }
  });
  return {
    header: (name: string, nth = 0) => headers.filter((h) => h.name === name)[nth]?.line ?? 1,
    key: (table: string, key: string) => keys.get(`${normaliseKey(table)}\0${key}`) ?? 1,
    /** The first line holding `needle` at or after the table's header. */
    find: (needle: string, table: string) => {
      const start = headers.find((h) => h.name === table)?.line ?? 1;
      for (let i = start - 1; i < rows.length; i++) if (rows[i]!.includes(needle)) return i + 1;
      return start;
    },
  };
}

/** `target.'cfg(unix)'.dependencies` and `target."cfg(unix)".dependencies` read alike. */
const normaliseKey = (key: string) =>
  key
    .split(/\.(?=(?:[^'"]*['"][^'"]*['"])*[^'"]*$)/)
    .map((s) => s.trim().replace(/^["']|["']$/g, ''))
    .join('.');
