/** Hand-built maps and temporary repositories for the store tests. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { MapEdge, MapNode, ProofMap } from '../../src/map/schema.js';
import type { SourceFile } from '../../src/model/facts.js';
import { contentHash, edgeId, nodeId } from '../../src/model/ids.js';

export function tempRoot(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'proofmap-store-'));
}

export function fileNode(p: string, exports: string[] = [], extra: Partial<MapNode> = {}): MapNode {
  return {
    id: nodeId('file', p),
    kind: 'file',
    label: path.posix.basename(p),
    key: p,
    path: p,
    zone: 'root',
    found_at: { source: 'code', path: p },
    ...(exports.length > 0
      ? { exports: exports.map((name, i) => ({ name, line: i + 1, typeOnly: false })) }
      : {}),
    ...extra,
  };
}

export function edge(from: MapNode, to: MapNode, relation = 'imports', line = 1): MapEdge {
  return {
    id: edgeId(from.id, to.id, relation),
    from: from.id,
    to: to.id,
    relation,
    namespace: 'code-dep',
    trust: 'medium',
    verified_by: `grep:./${to.label}`,
    evidence: [{ source: 'code', path: from.path!, line, excerpt: `import './${to.label}'` }],
  };
}

export function proofMap(nodes: MapNode[], edges: MapEdge[] = [], extra: Partial<ProofMap> = {}): ProofMap {
  return {
    $schema: 'proofmap.map/v1',
    meta: {
      map_id: 'test',
      status: 'proposed',
      source_fingerprint: 'f',
      version: 1,
      generator: 'proofmap',
      generator_version: '0.0.0',
      blockers: [],
      counts: { nodes: nodes.length, edges: edges.length },
    },
    zones: [{ id: 'root', label: 'root', path: '', kind: 'root' }],
    nodes,
    edges,
    flows: [],
    findings: [],
    increments: [
      { version: 1, added_node_ids: nodes.map((n) => n.id), stale_node_ids: [], removed_node_ids: [] },
    ],
    coverage: [],
    ...extra,
  };
}

export function sourceFile(p: string, text = p): SourceFile {
  return { path: p, role: 'code', size: Buffer.byteLength(text), hash: contentHash(text), mtimeMs: 1 };
}

/** A whole second, so that setting it again later restores exactly the same mtime. */
export const FIXED_MTIME_S = 1_700_000_000;

/** Writes the files under root and returns their SourceFile records, as discover would. */
export function writeFiles(root: string, files: Record<string, string>): SourceFile[] {
  return Object.entries(files).map(([p, text]) => {
    const abs = path.join(root, p);
    fs.mkdirSync(path.dirname(abs), { recursive: true });
    fs.writeFileSync(abs, text);
    fs.utimesSync(abs, FIXED_MTIME_S, FIXED_MTIME_S);
    return { ...sourceFile(p, text), mtimeMs: fs.statSync(abs).mtimeMs };
  });
}
