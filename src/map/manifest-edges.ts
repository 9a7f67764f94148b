/**
 * Manifest edges: workspace packages as `package` nodes with their `depends-on` edges, scripts as
 * `script` nodes (with `spawns` edges to files they run) and entry points (`references-file`).
 */
import type { PackageFacts } from '../extract/package-json.js';
import type { TextSource } from '../model/facts.js';
import { externalKey, nodeId } from '../model/ids.js';
import { joinRepoPath } from '../model/paths.js';
import type { Evidence } from '../model/types.js';
import type { Resolver } from '../resolve/index.js';
import { excerptAt, type Snapshot } from './snapshot.js';

/** A file path named in a script command: `node scripts/x.js`, `tsx src/cli.ts`, `bash ./run.sh`. */
const SCRIPT_FILE = /(?:^|[\s=])(\.{0,2}\/?[\w@.-]+(?:\/[\w@.-]+)*\.(?:[cm]?[jt]sx?|sh|py))(?=$|[\s;&|)'"])/g;

export function addManifestEdges(
  snapshot: Snapshot,
  manifests: Map<string, PackageFacts>,
  texts: TextSource,
  nodeOfPath: ReadonlyMap<string, string>,
  resolver: Resolver,
): void {
  const workspaceByManifest = new Map<string, string>();
  for (const [name, ws] of resolver.workspaces) workspaceByManifest.set(ws.manifest, name);
  for (const [manifest, facts] of manifests) {
    for (const c of facts.coverage) snapshot.cover(c);
    const isRoot = manifest === 'package.json';
    const name = workspaceByManifest.get(manifest) ?? (isRoot ? (facts.name ?? '(root)') : undefined);
    if (name === undefined) continue; // a package.json outside the workspaces (a fixture, an example)
    const text = texts.get(manifest) ?? '';
    const at = (line: number, column: number): Evidence => ({
      source: 'manifest',
      path: manifest,
      line,
      column,
      excerpt: excerptAt(text, line),
    });
    const pkg = snapshot.entity('package', name, {
      name,
      path: manifest,
      evidence: [at(facts.nameAt?.line ?? 1, facts.nameAt?.column ?? 1)],
      metadata: { workspace: true, ...(facts.version ? { version: facts.version } : {}) },
    });
    for (const dep of facts.dependencies) {
      const internal = resolver.workspaces.has(dep.name);
      const to = internal
        ? nodeId('package', dep.name)
        : snapshot.entity('package', externalKey(dep.name), {
            name: dep.name,
            evidence: [at(dep.line, dep.column)],
            metadata: { external: true, ecosystem: 'npm' },
          });
      snapshot.relate({
        kind: 'depends-on',
        from: pkg,
        to,
        // The field travels with the line: a package listed in two fields has two evidence entries.
        evidence: [{ ...at(dep.line, dep.column), field: dep.field }],
        verified_by: `grep:${JSON.stringify(dep.name)}`,
      });
    }
    const dir = manifest.slice(0, -'package.json'.length);
    for (const script of facts.scripts) {
      const id = snapshot.entity('script', `${manifest}#${script.name}`, {
        name: script.name,
        path: manifest,
        evidence: [at(script.line, script.column)],
        metadata: { command: script.command, package: name },
      });
      for (const match of script.command.matchAll(SCRIPT_FILE)) {
        const target = joinRepoPath(manifest, match[1]!);
        if (target && nodeOfPath.has(target))
          snapshot.relate({
            kind: 'spawns',
            from: id,
            to: nodeOfPath.get(target)!,
            evidence: [at(script.line, script.column)],
            verified_by: `grep:${match[1]}`,
          });
      }
    }
    for (const entry of facts.entries) {
      const direct = joinRepoPath(manifest, entry.target);
      const resolved =
        direct && nodeOfPath.has(direct) ? direct : resolveEntry(resolver, manifest, dir, entry.target);
      if (resolved) {
        snapshot.relate({
          kind: 'references-file',
          from: pkg,
          to: nodeOfPath.get(resolved)!,
          evidence: [at(entry.line, entry.column)],
          verified_by: `grep:${entry.target}`,
        });
      } else {
        snapshot.cover({
          analyzer: 'package-json',
          scope: `${manifest}:${entry.line}`,
          status: 'partial',
          reason: `entry point ${entry.field} names ${entry.target}, which is not a file in the repository (built output?)`,
          detail: entry.target,
        });
      }
    }
  }
}

function resolveEntry(resolver: Resolver, manifest: string, dir: string, target: string): string | undefined {
  const spec = target.startsWith('.') ? target : `./${target}`;
  const r = resolver.resolve(manifest, spec);
  return r.kind === 'file' && r.path.startsWith(dir) ? r.path : undefined;
}
