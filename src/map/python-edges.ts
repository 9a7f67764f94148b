/**
 * Python edges: each import fact resolved (resolve/python.ts) to a discovered module, a standard
 * library module (`external:python:<name>`) or a distribution (`external:pypi:<name>`); manifests
 * as `package` nodes with `depends-on` edges. A third-party import is keyed by the distribution
 * that provides it (resolve/python-distributions.ts: `import yaml` → `external:pypi:pyyaml`, the
 * node the manifest's `PyYAML` points at); one that no manifest declares is a finding at the
 * import's file:line, unless it is guarded (`try: … except ImportError`), which is how Python
 * spells an optional dependency. What does not resolve becomes coverage with the
 * statement and file:line. `verified_by` is the module as written (or, for `from . import x`, the
 * member), which the guardian re-finds in the importing file.
 */
import type { PythonFacts, PythonImport } from '../extract/python.js';
import type { PythonManifest } from '../extract/python-manifest.js';
import { PYTHON_OPTIONAL_IMPORT } from '../model/constants.js';
import type { TextSource } from '../model/facts.js';
import type { Evidence } from '../model/types.js';
import type { PythonResolver } from '../resolve/python.js';
import type { Distribution } from '../resolve/python-distributions.js';
import type { Finding } from './schema.js';
import { excerptAt, type ProposedRelation, type Snapshot } from './snapshot.js';

const pypiKey = (name: string) => `external:pypi:${name}`;

/** The literal that must be in the importing file: what the statement wrote for the module. */
export function pythonLiteral(fact: PythonImport): string {
  return /^\.+$/.test(fact.module) && fact.member && fact.member !== '*' ? fact.member : fact.module;
}

export function addPythonEdges(
  snapshot: Snapshot,
  modules: ReadonlyMap<string, PythonFacts>,
  texts: TextSource,
  resolver: PythonResolver,
  nodeOfPath: Pick<ReadonlyMap<string, string>, 'get'>,
  /** The Python manifests: without one, nothing is declared anywhere and nothing is reported. */
  manifests: readonly string[] = [],
): Finding[] {
  const findings: Finding[] = [];
  for (const [path, facts] of modules) {
    const from = nodeOfPath.get(path)!;
    const text = texts.get(path) ?? '';
    for (const c of facts.coverage) snapshot.cover(c);
    // `from m import a, b` is one statement: one evidence entry naming both, not two.
    const statements = new Map<string, ProposedRelation>();
    for (const fact of facts.imports) {
      const evidence: Evidence = {
        source: 'code',
        path,
        line: fact.line,
        column: fact.column,
        excerpt: excerptAt(text, fact.line),
        ...(fact.guarded ? { condition: PYTHON_OPTIONAL_IMPORT } : {}),
      };
      const outcome = resolver.resolve(path, fact);
      let to: string;
      if (outcome.kind === 'file') to = nodeOfPath.get(outcome.path)!;
      else if (outcome.kind === 'stdlib')
        to = snapshot.entity('package', `external:python:${outcome.name}`, {
          name: outcome.name,
          evidence: [evidence],
          metadata: { external: true, ecosystem: 'python-stdlib' },
        });
      else if (outcome.kind === 'external') {
        const { distribution } = outcome;
        to = snapshot.entity('package', pypiKey(distribution.normalised), {
          name: distribution.name,
          evidence: [evidence],
          metadata: {
            external: true,
            ecosystem: 'pypi',
            declared: outcome.declared,
            distribution_via: distribution.via,
            ...(distribution.source ? { distribution_source: distribution.source } : {}),
          },
        });
        if (!outcome.declared && !fact.guarded && manifests.length > 0)
          findings.push(undeclared(evidence, outcome.name, distribution, manifests));
      } else {
        snapshot.cover({
          analyzer: 'resolve',
          scope: `${path}:${fact.line}`,
          status: 'partial',
          reason: outcome.reason,
          detail: fact.member ? `${fact.module}:${fact.member}` : fact.module,
        });
        continue;
      }
      const names = outcome.kind === 'file' && outcome.names ? outcome.names : ['*'];
      const key = `${to}|${fact.relation}|${pythonLiteral(fact)}|${fact.line}`;
      const same = statements.get(key);
      if (same) same.names = [...new Set([...(same.names ?? []), ...names])];
      else
        statements.set(key, {
          kind: fact.relation,
          from,
          to,
          evidence: [evidence],
          verified_by: `grep:${pythonLiteral(fact)}`,
          names,
        });
    }
    for (const relation of statements.values()) snapshot.relate(relation);
  }
  return findings;
}

function undeclared(
  evidence: Evidence,
  imported: string,
  distribution: Distribution,
  manifests: readonly string[],
): Finding {
  const how =
    distribution.via === 'installed'
      ? ` (installed from ${distribution.name}, per ${distribution.source})`
      : distribution.via === 'table'
        ? ` (the import name of ${distribution.name})`
        : '';
  const where = manifests.length > 3 ? `${manifests.slice(0, 3).join(', ')} …` : manifests.join(', ');
  return {
    code: 'python-undeclared-distribution',
    message: `${evidence.path}:${evidence.line}: imports ${imported}${how}, but ${distribution.name} is declared in none of ${where}`,
    evidence: [evidence],
  };
}

/** A project per `pyproject.toml` (named by its `[project]`), its dependencies as `depends-on`. */
export function addPythonManifestEdges(
  snapshot: Snapshot,
  manifests: ReadonlyMap<string, PythonManifest>,
  texts: TextSource,
  nodeOfPath: Pick<ReadonlyMap<string, string>, 'get'>,
): void {
  for (const [path, manifest] of manifests) {
    for (const c of manifest.coverage) snapshot.cover(c);
    const text = texts.get(path) ?? '';
    const at = (line: number): Evidence => ({
      source: 'manifest',
      path,
      line,
      excerpt: excerptAt(text, line),
    });
    // requirements files belong to the project beside them; on their own they are the file node.
    const from = path.endsWith('.toml')
      ? snapshot.entity('package', `python:${path}`, {
          name: manifest.name ?? path,
          path,
          evidence: [at(1)],
          metadata: { ecosystem: 'pypi', ...(manifest.roots.length ? { roots: manifest.roots } : {}) },
        })
      : nodeOfPath.get(path)!;
    for (const dep of manifest.dependencies) {
      const to = snapshot.entity('package', pypiKey(dep.name), {
        name: dep.name,
        evidence: [at(dep.line)],
        metadata: { external: true, ecosystem: 'pypi', declared: true },
      });
      snapshot.relate({
        kind: 'depends-on',
        from,
        to,
        evidence: [at(dep.line)],
        verified_by: `grep:${dep.written}`,
      });
    }
  }
}

/** What the manifests tell the resolver and the zones: import roots, declared names, project dirs. */
export function pythonProjects(manifests: ReadonlyMap<string, PythonManifest>) {
  const roots: string[] = [];
  const declared = new Set<string>();
  const zones: [string, string][] = [];
  for (const [path, manifest] of [...manifests].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    roots.push(...manifest.roots);
    for (const dep of manifest.dependencies) declared.add(dep.name);
    if (path.endsWith('.toml'))
      zones.push([path.includes('/') ? path.slice(0, path.lastIndexOf('/')) : '', manifest.name ?? path]);
  }
  return { roots, declared, zones };
}
