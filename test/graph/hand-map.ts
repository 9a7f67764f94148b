/** Hand-built maps for graph tests: file paths and [from, to, relation] rows become a ProofMap. */
import type { MapEdge, MapNode, ProofMap } from '../../src/map/schema.js';
import { edgeId, nodeId } from '../../src/model/ids.js';

export type Row = [from: string, to: string, relation?: string];

const kindOf = (p: string): MapNode['kind'] => (p.endsWith('.md') ? 'document' : 'file');
export const idOf = (p: string) => nodeId(kindOf(p), p);

export function handMap(paths: readonly string[], rows: readonly Row[]): ProofMap {
  const all = [...new Set([...paths, ...rows.flatMap(([a, b]) => [a, b])])];
  const nodes: MapNode[] = all.map((p) => ({
    id: idOf(p),
    kind: kindOf(p),
    key: p,
    label: p,
    path: p,
    zone: 'z',
    found_at: { source: 'code', path: p },
  }));
  const edges: MapEdge[] = rows.map(([a, b, relation = 'imports'], i) => ({
    id: edgeId(idOf(a), idOf(b), relation),
    from: idOf(a),
    to: idOf(b),
    relation,
    namespace: 'code-dep',
    trust: 'medium',
    evidence: [{ source: 'code', path: a, line: i + 1, excerpt: `import '${b}'` }],
  }));
  return {
    $schema: 'proofmap.map/v1',
    meta: {
      map_id: 'm',
      status: 'proposed',
      source_fingerprint: 'f',
      version: 1,
      generator: 'test',
      generator_version: '0',
      blockers: [],
      counts: {},
    },
    zones: [{ id: 'z', label: '(root)', path: '', kind: 'root' }],
    nodes,
    edges,
    flows: [],
    increments: [],
    findings: [],
    coverage: [],
  };
}

/** A seeded random directed graph over n files with about n*degree edges. */
export function randomRows(n: number, degree: number, seed: number): { paths: string[]; rows: Row[] } {
  let s = seed;
  const random = () => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s / 2147483648;
  };
  const paths = Array.from({ length: n }, (_, i) => `src/m${i}.ts`);
  const rows = new Map<string, Row>();
  for (let k = 0; k < n * degree; k++) {
    const a = Math.floor(random() * n);
    const b = Math.floor(random() * n);
    if (a !== b) rows.set(`${a}>${b}`, [paths[a]!, paths[b]!]);
  }
  return { paths, rows: [...rows.values()] };
}

/** Fisher–Yates with a seed, for order-independence tests. */
export function shuffled<T>(items: readonly T[], seed: number): T[] {
  const out = [...items];
  let s = seed;
  for (let i = out.length - 1; i > 0; i--) {
    s = (s * 1103515245 + 12345) % 2147483648;
    const j = s % (i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}
