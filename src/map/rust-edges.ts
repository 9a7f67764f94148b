/**
 * Rust edges. `mod x;` is an `imports` edge from the declaring file to the module's file (via
 * `mod`: it is how the file enters the crate; a literal `include!` likewise, via `include`); a `use` path is an `imports` edge (`re-exports`
 * for `pub use`) from the using file to the file of the deepest module the path names, with the
 * item names it takes. `#[cfg(test)]` and other `#[cfg]` conditions go on the evidence. Builtin
 * crates are `external:rust:<name>`, other crates `external:crates:<package>`; each Cargo.toml is
 * a package node with `depends-on` edges to its dependencies (a workspace crate's manifest when
 * the dependency is a local path) and, for a workspace root, to its members. What does not
 * resolve, and files no crate root reaches, become coverage with file:line.
 */
import picomatch from 'picomatch';
import type { RustFacts, RustInclude, RustMod, RustUse } from '../extract/rust.js';
import type { CargoManifest } from '../extract/rust-manifest.js';
import type { TextSource } from '../model/facts.js';
import type { Evidence } from '../model/types.js';
import type { RustResolver } from '../resolve/rust.js';
import { excerptAt, type ProposedRelation, type Snapshot } from './snapshot.js';

const dirOf = (p: string) => (p.includes('/') ? p.slice(0, p.lastIndexOf('/')) : '');
const byPath = <T>([a]: [string, T], [b]: [string, T]) => (a < b ? -1 : a > b ? 1 : 0);
export const cargoKey = (manifest: string) => `cargo:${manifest}`;
const crateKey = (pkg: string) => `external:crates:${pkg}`;

/** `cfg(test)`, then the other cfg predicates: what the evidence records as its condition. */
const conditionOf = (c: RustMod | RustUse | RustInclude) => {
  const parts = [...(c.test ? ['cfg(test)'] : []), ...c.cfg];
  return parts.length > 0 ? parts.join(', ') : undefined;
};

export function addRustEdges(
  snapshot: Snapshot,
  files: ReadonlyMap<string, RustFacts>,
  texts: TextSource,
  resolver: RustResolver,
  nodeOfPath: Pick<ReadonlyMap<string, string>, 'get'>,
): void {
  const modsFrom = new Map<string, typeof resolver.mods>();
  for (const link of resolver.mods) modsFrom.set(link.from, [...(modsFrom.get(link.from) ?? []), link]);
  for (const [path, facts] of [...files].sort(byPath)) {
    const from = nodeOfPath.get(path)!;
    const text = texts.get(path) ?? '';
    for (const c of facts.coverage) snapshot.cover(c);
    const evidenceAt = (fact: RustMod | RustUse | RustInclude, via?: string): Evidence => {
      const condition = conditionOf(fact);
      return {
        source: 'code',
        path,
        line: fact.line,
        column: fact.column,
        excerpt: excerptAt(text, fact.line),
        ...(via ? { via } : {}),
        ...(condition ? { condition } : {}),
      };
    };
    const reached = resolver.modulesOf(path).length > 0;
    if (!reached)
      snapshot.cover({
        analyzer: 'rust',
        scope: path,
        status: 'partial',
        reason:
          'no crate root reaches this file through mod declarations: it is not compiled, or a macro or #[cfg] we do not follow includes it',
      });
    const byTarget = new Map<string, ProposedRelation>();
    const add = (
      kind: 'imports' | 're-exports',
      to: string,
      evidence: Evidence,
      literal: string,
      names: string[],
    ) => {
      const key = `${kind}\0${to}`;
      const same = byTarget.get(key);
      if (same) {
        same.evidence.push(evidence);
        same.names = [...new Set([...(same.names ?? []), ...names])];
      } else
        byTarget.set(key, { kind, from, to, evidence: [evidence], verified_by: `grep:${literal}`, names });
    };
    for (const link of modsFrom.get(path) ?? []) {
      const evidence = evidenceAt(link.decl, link.kind);
      const to = link.file === undefined ? undefined : nodeOfPath.get(link.file);
      if (to) add('imports', to, evidence, link.decl.written, ['*']);
      else
        snapshot.cover({
          analyzer: 'resolve',
          scope: `${path}:${link.decl.line}`,
          status: 'partial',
          reason: link.reason ?? `${link.file} is not in the map`,
          detail: link.decl.written,
        });
    }
    if (reached)
      for (const use of facts.uses) {
        const outcome = resolver.resolve(path, use);
        const evidence = evidenceAt(use);
        const kind = use.pub && use.kind === 'use' ? 're-exports' : 'imports';
        if (outcome.kind === 'same-file') continue;
        if (outcome.kind === 'file')
          add(kind, nodeOfPath.get(outcome.file)!, evidence, use.written, outcome.names);
        else if (outcome.kind === 'builtin')
          add(
            kind,
            snapshot.entity('package', `external:rust:${outcome.crate}`, {
              name: outcome.crate,
              evidence: [evidence],
              metadata: { external: true, ecosystem: 'rust-builtin' },
            }),
            evidence,
            use.written,
            ['*'],
          );
        else if (outcome.kind === 'external')
          add(
            kind,
            snapshot.entity('package', crateKey(outcome.crate), {
              name: outcome.crate,
              evidence: [evidence],
              metadata: { external: true, ecosystem: 'crates', declared: outcome.declared },
            }),
            evidence,
            use.written,
            ['*'],
          );
        else
          snapshot.cover({
            analyzer: 'resolve',
            scope: `${path}:${use.line}`,
            status: 'partial',
            reason: outcome.reason,
            detail: use.segments.join('::'),
          });
      }
    for (const relation of byTarget.values()) snapshot.relate(relation);
  }
}

/** Each Cargo.toml a package node; `depends-on` its dependencies and, for a workspace, its members. */
export function addRustManifestEdges(
  snapshot: Snapshot,
  manifests: ReadonlyMap<string, CargoManifest>,
  texts: TextSource,
): void {
  const sorted = [...manifests].sort(byPath);
  const at = (path: string, line: number): Evidence => ({
    source: 'manifest',
    path,
    line,
    excerpt: excerptAt(texts.get(path) ?? '', line),
  });
  const nodeOfDir = new Map<string, string>();
  for (const [path, m] of sorted) {
    for (const c of m.coverage) snapshot.cover(c);
    const id = snapshot.entity('package', cargoKey(path), {
      name: m.package?.name ?? path,
      path,
      evidence: [at(path, m.package?.line ?? m.workspace?.line ?? 1)],
      metadata: { ecosystem: 'cargo', ...(m.workspace ? { workspace: true } : {}) },
    });
    nodeOfDir.set(dirOf(path), id);
  }
  const workspaceOf = (dir: string) => {
    for (let d = dir; ; d = dirOf(d)) {
      const ws = manifests.get(d === '' ? 'Cargo.toml' : `${d}/Cargo.toml`)?.workspace;
      if (ws) return ws;
      if (d === '') return undefined;
    }
  };
  for (const [path, m] of sorted) {
    const from = nodeOfDir.get(dirOf(path))!;
    const lines = texts.get(path)?.split('\n') ?? [];
    const seen = new Set<string>();
    for (const d of m.dependencies) {
      const inherited = d.inherited ? workspaceOf(dirOf(path))?.dependencies.get(d.key) : undefined;
      const localDir = d.localDir ?? inherited?.localDir;
      const local = localDir !== undefined ? nodeOfDir.get(localDir) : undefined;
      if (localDir !== undefined && !local)
        snapshot.cover({
          analyzer: 'cargo-manifest',
          scope: `${path}:${d.line}`,
          status: 'partial',
          reason: `dependency ${d.key}: no Cargo.toml in ${localDir || '(root)'}`,
        });
      const to =
        local ??
        snapshot.entity('package', crateKey(inherited?.package ?? d.package), {
          name: inherited?.package ?? d.package,
          evidence: [at(path, d.line)],
          metadata: { external: true, ecosystem: 'crates', declared: true },
        });
      // One edge per target: a crate both a dependency and a dev-dependency keeps its first line.
      if (seen.has(to)) continue;
      seen.add(to);
      snapshot.relate({
        kind: 'depends-on',
        from,
        to,
        evidence: [
          { ...at(path, d.line), ...(d.kind !== 'normal' ? { condition: `${d.kind}-dependency` } : {}) },
        ],
        verified_by: `grep:${lines[d.line - 1]?.includes(d.key) ? d.key : (lines[d.line - 1]?.trim() ?? d.key)}`,
      });
    }
    if (!m.workspace) continue;
    const excluded = picomatch(m.workspace.exclude.map((g) => joinDir(dirOf(path), g)));
    for (const member of m.workspace.members) {
      const match = picomatch(joinDir(dirOf(path), member.glob));
      const dirs = [...nodeOfDir.keys()].filter((d) => d !== dirOf(path) && match(d) && !excluded(d)).sort();
      if (dirs.length === 0)
        snapshot.cover({
          analyzer: 'cargo-manifest',
          scope: `${path}:${member.line}`,
          status: 'partial',
          reason: `workspace member ${member.glob}: no Cargo.toml matches`,
        });
      for (const d of dirs)
        snapshot.relate({
          kind: 'depends-on',
          from,
          to: nodeOfDir.get(d)!,
          evidence: [{ ...at(path, member.line), via: 'workspace' }],
          verified_by: `grep:${member.glob}`,
        });
    }
  }
}

const joinDir = (dir: string, rel: string) => {
  const clean = rel.replace(/^\.\//, '').replace(/\/$/, '');
  return dir === '' ? clean : `${dir}/${clean}`;
};

/** Zones per crate: the package directory, labelled with the package name. */
export function rustZones(manifests: ReadonlyMap<string, CargoManifest>): [string, string][] {
  return [...manifests]
    .filter(([, m]) => m.package)
    .map(([path, m]) => [dirOf(path), m.package!.name] as [string, string])
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}
