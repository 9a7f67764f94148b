/**
 * Go edges. An import names a package directory, so the graph has a `package` node per directory
 * (`go:<dir>`, labelled with its import path) with `contains` edges to its files, and `imports`
 * edges from each importing file to the package. A `contains` edge is evidenced by the member's
 * own `package x` clause (verify checks that literal in the `to` file). Standard library packages
 * are `external:go:<path>`, other modules `external:gomod:<module>`; go.mod and go.work are
 * package nodes with `depends-on` edges. What does not resolve becomes coverage with file:line.
 */
import { type GoFacts, goCondition } from '../extract/go.js';
import type { GoManifest } from '../extract/go-manifest.js';
import type { TextSource } from '../model/facts.js';
import type { Evidence } from '../model/types.js';
import type { GoResolver } from '../resolve/go.js';
import { excerptAt, type ProposedRelation, type Snapshot } from './snapshot.js';

const dirOf = (p: string) => (p.includes('/') ? p.slice(0, p.lastIndexOf('/')) : '');
const moduleKey = (module: string) => `external:gomod:${module}`;
export const goPackageKey = (dir: string) => `go:${dir === '' ? '.' : dir}`;

export function addGoEdges(
  snapshot: Snapshot,
  files: ReadonlyMap<string, GoFacts>,
  texts: TextSource,
  resolver: GoResolver,
  nodeOfPath: Pick<ReadonlyMap<string, string>, 'get'>,
): void {
  const packageNode = (dir: string, evidence: Evidence) => {
    const importPath = resolver.importPathOf(dir);
    return snapshot.entity('package', goPackageKey(dir), {
      name: importPath ?? (dir || '.'),
      path: dir === '' ? '.' : dir,
      evidence: [evidence],
      metadata: { ecosystem: 'go', ...(importPath ? { import_path: importPath } : {}) },
    });
  };
  const testPackageNode = (dir: string, evidence: Evidence) => {
    const importPath = resolver.importPathOf(dir);
    return snapshot.entity('package', `${goPackageKey(dir)}#test`, {
      name: `${importPath ?? (dir || '.')}_test`,
      path: dir === '' ? '.' : dir,
      evidence: [evidence],
      metadata: { ecosystem: 'go', test: true },
    });
  };
  for (const [path, facts] of [...files].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    const from = nodeOfPath.get(path)!;
    const text = texts.get(path) ?? '';
    for (const c of facts.coverage) snapshot.cover(c);
    const condition = goCondition(path, facts.build);
    if (facts.package) {
      const at: Evidence = {
        source: 'code',
        path,
        line: facts.package.line,
        excerpt: excerptAt(text, facts.package.line),
      };
      // `package x_test` in x's directory is a package of its own (Go's external tests): it imports
      // x like any importer, so one node for both would be a cycle the go command does not have.
      const external = path.endsWith('_test.go') && facts.package.name.endsWith('_test');
      snapshot.relate({
        kind: 'contains',
        from: external ? testPackageNode(dirOf(path), at) : packageNode(dirOf(path), at),
        to: from,
        evidence: [at],
        verified_by: `grep:package ${facts.package.name}`,
        // The whole file is loaded with the package: a symbol it exports reaches every importer.
        names: ['*'],
      });
    }
    const byTarget = new Map<string, ProposedRelation>();
    for (const fact of facts.imports) {
      const evidence: Evidence = {
        source: 'code',
        path,
        line: fact.line,
        column: fact.column,
        excerpt: excerptAt(text, fact.line),
        ...(condition ? { condition } : {}),
      };
      const outcome = resolver.resolve(path, fact.path);
      let to: string;
      if (outcome.kind === 'package') to = packageNode(outcome.dir, evidence);
      else if (outcome.kind === 'stdlib')
        to = snapshot.entity('package', `external:go:${outcome.importPath}`, {
          name: outcome.importPath,
          evidence: [evidence],
          metadata: { external: true, ecosystem: 'go-stdlib' },
        });
      else if (outcome.kind === 'cgo')
        to = snapshot.entity('package', 'external:go:C', {
          name: 'C',
          evidence: [evidence],
          metadata: { external: true, ecosystem: 'cgo' },
        });
      else if (outcome.kind === 'external')
        to = snapshot.entity('package', moduleKey(outcome.module), {
          name: outcome.module,
          evidence: [evidence],
          metadata: { external: true, ecosystem: 'go', declared: outcome.declared },
        });
      else {
        snapshot.cover({
          analyzer: 'resolve',
          scope: `${path}:${fact.line}`,
          status: 'partial',
          reason: outcome.reason,
          detail: fact.path,
        });
        continue;
      }
      // Two import paths can land on one node (two packages of one external module): one edge,
      // both evidence entries, re-checked by the first literal.
      const same = byTarget.get(to);
      if (same) {
        same.evidence.push(evidence);
      } else
        byTarget.set(to, {
          kind: 'imports',
          from,
          to,
          evidence: [evidence],
          verified_by: `grep:${fact.written}`,
          // A Go import loads the whole package (an alias renames it, it does not select names).
          names: ['*'],
        });
    }
    for (const relation of byTarget.values()) snapshot.relate(relation);
  }
}

/** go.mod: a package node per module, `depends-on` each required module; go.work: each used module. */
export function addGoManifestEdges(
  snapshot: Snapshot,
  manifests: ReadonlyMap<string, GoManifest>,
  texts: TextSource,
): void {
  const nodeOfModuleDir = new Map<string, string>();
  const sorted = [...manifests].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const at = (path: string, line: number): Evidence => ({
    source: 'manifest',
    path,
    line,
    excerpt: excerptAt(texts.get(path) ?? '', line),
  });
  for (const [path, m] of sorted) {
    for (const c of m.coverage) snapshot.cover(c);
    if (m.kind !== 'go.mod') continue;
    const id = snapshot.entity('package', `gomod:${path}`, {
      name: m.module ?? path,
      path,
      evidence: [at(path, m.moduleLine ?? 1)],
      metadata: { ecosystem: 'go', ...(m.module ? { module: m.module } : {}) },
    });
    nodeOfModuleDir.set(dirOf(path), id);
    if (!m.module)
      snapshot.cover({
        analyzer: 'go-manifest',
        scope: path,
        status: 'partial',
        reason: 'go.mod has no module directive: its packages have no import path',
      });
  }
  for (const [path, m] of sorted) {
    const from =
      m.kind === 'go.mod' ? nodeOfModuleDir.get(dirOf(path))! : goWorkNode(snapshot, path, at(path, 1));
    const local = new Map(m.replaces.filter((r) => r.localDir !== undefined).map((r) => [r.module, r]));
    for (const r of m.requires) {
      const replaced = local.get(r.module);
      const target = replaced && nodeOfModuleDir.get(replaced.localDir!);
      if (target) {
        snapshot.relate({
          kind: 'depends-on',
          from,
          to: target,
          evidence: [at(path, r.line), at(path, replaced.line)],
          verified_by: `grep:${replaced.target}`,
        });
        continue;
      }
      snapshot.relate({
        kind: 'depends-on',
        from,
        to: snapshot.entity('package', moduleKey(r.module), {
          name: r.module,
          evidence: [at(path, r.line)],
          metadata: { external: true, ecosystem: 'go', declared: true },
        }),
        evidence: [at(path, r.line)],
        verified_by: `grep:${r.module}`,
      });
    }
    for (const r of m.replaces)
      if (r.localDir !== undefined && !nodeOfModuleDir.has(r.localDir))
        snapshot.cover({
          analyzer: 'go-manifest',
          scope: `${path}:${r.line}`,
          status: 'partial',
          reason: `replace ${r.module} => ${r.target}: no go.mod in ${r.localDir || '(root)'}`,
        });
    for (const u of m.uses) {
      const target = nodeOfModuleDir.get(u.dir);
      if (target)
        snapshot.relate({
          kind: 'depends-on',
          from,
          to: target,
          evidence: [at(path, u.line)],
          verified_by: `grep:${u.written}`,
        });
      else
        snapshot.cover({
          analyzer: 'go-manifest',
          scope: `${path}:${u.line}`,
          status: 'partial',
          reason: `use ${u.written}: no go.mod in ${u.dir || '(root)'}`,
        });
    }
  }
}

const goWorkNode = (snapshot: Snapshot, path: string, evidence: Evidence) =>
  snapshot.entity('package', `gowork:${path}`, {
    name: path,
    path,
    evidence: [evidence],
    metadata: { ecosystem: 'go' },
  });

/** Zones per module: the module directory, labelled with its module path. */
export function goZones(manifests: ReadonlyMap<string, GoManifest>): [string, string][] {
  return [...manifests]
    .filter(([, m]) => m.kind === 'go.mod' && m.module)
    .map(([path, m]) => [dirOf(path), m.module!] as [string, string])
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}
