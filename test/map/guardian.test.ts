import { cpSync, mkdtempSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { guard } from '../../src/map/guardian.js';
import type { ProofMap } from '../../src/map/schema.js';
import { treeState } from '../../src/map/tree-state.js';
import { edgeId } from '../../src/model/ids.js';
import { scan } from '../../src/scan.js';

const root = mkdtempSync(path.join(os.tmpdir(), 'proofmap-guard-'));
cpSync(new URL('../fixtures/import-forms', import.meta.url), root, { recursive: true });
const { map: valid } = await scan({ root, write: false });
const copy = (): ProofMap => structuredClone(valid);
const codeEdge = (m: ProofMap) =>
  m.edges.find((e) => e.namespace === 'code-dep' && e.relation === 'imports')!;
const remint = (e: ProofMap['edges'][number]) => {
  e.id = edgeId(e.from, e.to, e.relation);
};

/** Each mutation of a valid map must yield exactly its own gate, and nothing else. */
const mutations: [string, string, (m: ProofMap) => void][] = [
  ['stripped verified_by', 'verified-by', (m) => void delete codeEdge(m).verified_by],
  [
    'verified_by literal not in the file',
    'verified-by',
    (m) => {
      codeEdge(m).verified_by = 'grep:./not/there.js';
    },
  ],
  [
    'unknown typed relation',
    'typed-links',
    (m) => {
      const e = codeEdge(m);
      Object.assign(e, { namespace: 'typed-link', relation: 'depends_on', trust: 'high' });
      remint(e);
    },
  ],
  [
    'dangling endpoint',
    'endpoints',
    (m) => {
      const e = codeEdge(m);
      e.to = 'ffffffffffff';
      remint(e);
    },
  ],
  ['duplicate edge id', 'duplicate-id', (m) => void m.edges.push(structuredClone(codeEdge(m)))],
  [
    'edge id not from its formula',
    'ids',
    (m) => {
      codeEdge(m).id = 'aaaaaaaaaaaa';
    },
  ],
  [
    'node id not from its formula',
    'ids',
    (m) => {
      const node = m.nodes.find((n) => n.path === 'src/lib/named.ts')!;
      const old = node.id;
      node.id = 'bbbbbbbbbbbb';
      for (const e of m.edges) {
        if (e.from === old) e.from = node.id;
        if (e.to === old) e.to = node.id;
        if (e.from === node.id || e.to === node.id) remint(e);
      }
    },
  ],
  [
    'node without zone',
    'zones',
    (m) => {
      m.nodes[0]!.zone = 'no-such-zone';
    },
  ],
  [
    'found_at that does not exist',
    'found-at',
    (m) => {
      m.nodes.find((n) => n.kind === 'file')!.found_at.path = 'src/ghost.ts';
    },
  ],
  [
    'schema violation',
    'schema',
    (m) => {
      (m.meta as { status: string }).status = 'maybe';
    },
  ],
  [
    'flow edge that joins nothing',
    'flows',
    (m) => {
      const e = codeEdge(m);
      m.flows.push({ name: 'broken', node_ids: [e.to, e.from], edge_ids: [e.id], evidence: [] });
    },
  ],
];

describe('guardian', () => {
  it('confirms the valid map with no blockers, and every gate ran', () => {
    const r = guard(root, copy());
    expect(r.blockers).toEqual([]);
    expect(r.status).toBe('confirmed');
    for (const gate of ['schema', 'ids', 'zones', 'found-at', 'endpoints', 'verified-by'])
      expect(r.checked[gate]).toBeGreaterThan(0);
  });

  it.each(mutations)('%s ⇒ exactly one blocker, from gate %s', (_name, gate, mutate) => {
    const m = copy();
    mutate(m);
    const r = guard(root, m);
    expect(r.status).toBe('proposed');
    expect(r.blockers.map((b) => b.gate)).toEqual([gate]);
  });

  it('warns (does not block) on a flow without edges', () => {
    const m = copy();
    m.flows.push({ name: 'lonely', node_ids: [m.nodes[0]!.id], edge_ids: [], evidence: [] });
    const r = guard(root, m);
    expect(r.blockers).toEqual([]);
    expect(r.warnings.map((w) => w.gate)).toEqual(['flows']);
  });

  it("takes the scan's own texts only while the writes gate proves them current", () => {
    const edge = codeEdge(copy());
    const from = valid.nodes.find((n) => n.id === edge.from)!.path!;
    const files = [
      {
        path: from,
        size: statSync(path.join(root, from)).size,
        mtimeMs: statSync(path.join(root, from)).mtimeMs,
      },
    ];
    // Texts that lack the import: taken (the stat is unchanged), so the verified-by gate blocks.
    const stale = { get: () => '// nothing imported here\n', has: (p: string) => p === from };
    const taken = guard(root, copy(), { before: treeState(files), texts: stale });
    expect(taken.blockers.map((b) => b.gate)).toContain('verified-by');
    // Without `before` the texts are ignored: everything is read from disk.
    expect(guard(root, copy(), { texts: stale }).blockers).toEqual([]);
    // The file changed on disk after it was read: the writes gate names it.
    const moved = treeState([{ ...files[0]!, mtimeMs: files[0]!.mtimeMs - 5000 }]);
    expect(guard(root, copy(), { before: moved }).blockers.map((b) => b.gate)).toEqual(['writes']);
  });
});
