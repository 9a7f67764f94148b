import { cpSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { edgeIdsUnique, guard } from '../../src/map/guardian.js';
import type { ProofMap } from '../../src/map/schema.js';
import { treeState } from '../../src/map/tree-state.js';
import { edgeId, MintedEdgeIds } from '../../src/model/ids.js';
import { scan } from '../../src/scan.js';
import { LiteralChecks } from '../../src/verify/code-dep.js';

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

  it('vouches for unique edge ids only when its duplicate-id check ran on every edge and passed', () => {
    expect(edgeIdsUnique(guard(root, copy()))).toBe(true);
    // Other gates failing leaves the ids checked.
    const ghost = copy();
    ghost.nodes.find((n) => n.kind === 'file')!.found_at.path = 'src/ghost.ts';
    expect(edgeIdsUnique(guard(root, ghost))).toBe(true);
    const duplicated = copy();
    duplicated.edges.push(structuredClone(codeEdge(duplicated)));
    expect(edgeIdsUnique(guard(root, duplicated))).toBe(false);
    // A schema failure stops the guardian before it looks at ids: a duplicate then goes unseen.
    const unchecked = copy();
    unchecked.edges.push(structuredClone(codeEdge(unchecked)));
    (unchecked.meta as { status: string }).status = 'maybe';
    const verdict = guard(root, unchecked);
    expect(verdict.blockers.map((b) => b.gate)).toEqual(['schema']);
    expect(edgeIdsUnique(verdict)).toBe(false);
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

  // The full scan hands the guardian what verify proved (minted ids, literal checks) and the
  // listing's stamps; each gate made cheaper by them must still fail every map that breaks it.
  const listedStamps = () =>
    treeState(
      valid.nodes
        .filter((n) => n.path !== undefined && n.kind === 'file')
        .map((n) => {
          const s = statSync(path.join(root, n.path!));
          return { path: n.path!, size: s.size, mtimeMs: s.mtimeMs };
        }),
    );
  const scanProof = () => {
    const ids = new MintedEdgeIds();
    for (const e of valid.edges) ids.mint(e.from, e.to, e.relation);
    const literals = new LiteralChecks();
    return { ids, literals };
  };

  it.each(mutations)("with the scan's proof and stamps, %s ⇒ still gate %s", (_name, gate, mutate) => {
    const proof = scanProof();
    const before = listedStamps();
    expect(guard(root, copy(), { proof, before }).blockers).toEqual([]);
    const m = copy();
    mutate(m);
    const r = guard(root, m, { proof, before });
    expect(r.status).toBe('proposed');
    expect(r.blockers.map((b) => b.gate)).toEqual([gate]);
  });

  it('finds each repeated edge id once per pass, minted or not, whatever earlier passes met', () => {
    const ids = new MintedEdgeIds();
    const minted = ids.mint('aaaaaaaaaaaa', 'bbbbbbbbbbbb', 'imports');
    const other = 'cccccccccccc';
    const sequence = [minted, other, minted, other, other, 'dddddddddddd'];
    const reference = (list: string[]) => list.map((id, i) => list.indexOf(id) < i);
    for (let run = 0; run < 2; run++) {
      const pass = { others: new Set<string>() };
      expect(sequence.map((id) => ids.seenAgain(id, pass))).toEqual(reference(sequence));
    }
    // A pass that meets each id once sees no repeat, though earlier passes met them all.
    const once = { others: new Set<string>() };
    expect([minted, other].map((id) => ids.seenAgain(id, once))).toEqual([false, false]);
  });

  it('reports a duplicated minted edge with the proof, and nothing on the next valid map', () => {
    const proof = scanProof();
    const duplicated = copy();
    duplicated.edges.push(structuredClone(codeEdge(duplicated)));
    const r = guard(root, duplicated, { proof });
    expect(r.blockers.map((b) => b.gate)).toEqual(['duplicate-id']);
    expect(r.blockers[0]!.edge).toBe(codeEdge(duplicated).id);
    expect(guard(root, copy(), { proof }).blockers).toEqual([]);
  });

  it('a minted id vouches only for the triple it was hashed from', () => {
    const ids = new MintedEdgeIds();
    const id = ids.mint('aaaaaaaaaaaa', 'bbbbbbbbbbbb', 'imports');
    expect(ids.matches(id, 'aaaaaaaaaaaa', 'bbbbbbbbbbbb', 'imports')).toBe(true);
    expect(ids.matches(id, 'aaaaaaaaaaaa', 'bbbbbbbbbbbb', 'requires')).toBe(false);
    expect(ids.matches(id, 'bbbbbbbbbbbb', 'aaaaaaaaaaaa', 'imports')).toBe(false);
    // An id never minted here is checked against the formula itself.
    const other = edgeId('cccccccccccc', 'dddddddddddd', 'imports');
    expect(ids.matches(other, 'cccccccccccc', 'dddddddddddd', 'imports')).toBe(true);
    expect(ids.matches(other, 'cccccccccccc', 'dddddddddddd', 'requires')).toBe(false);
  });

  it('a literal check is reused only for the text it ran on', () => {
    const checks = new LiteralChecks();
    expect(checks.found('a.ts', "import x from './x.js';", 'grep:./x.js')).toBe(true);
    expect(checks.found('a.ts', "import y from './y.js';", 'grep:./x.js')).toBe(false);
    expect(checks.found('a.ts', undefined, 'grep:./x.js')).toBe(false);
  });

  it('a listed file gone by guard time fails found-at (from the stamps) and writes', () => {
    const ghost = 'src/listed-then-gone.ts';
    writeFileSync(path.join(root, ghost), 'export {};\n');
    const s = statSync(path.join(root, ghost));
    const before = new Map([
      ...listedStamps(),
      ...treeState([{ path: ghost, size: s.size, mtimeMs: s.mtimeMs }]),
    ]);
    rmSync(path.join(root, ghost));
    const m = copy();
    m.nodes.find((n) => n.kind === 'file')!.found_at.path = ghost;
    const r = guard(root, m, { before, proof: scanProof() });
    expect(r.blockers.map((b) => b.gate).sort()).toEqual(['found-at', 'writes']);
  });
});
