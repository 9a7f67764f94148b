/**
 * `path` walks the proximity view's table as integer adjacency instead of a graphology graph:
 * for every pair of nodes it must find the path the graph walk found, hop for hop (same chain,
 * same edge, same direction), and say "no path" where that walk did.
 */
import { describe, expect, it } from 'vitest';
import { type Hop, shortestPath } from '../../src/query/path.js';
import { openSession, type Session } from '../../src/query/session.js';
import { scannedFixture } from './fixture.js';

/** The graphology walk `path` used before (the code it replaced, kept as the reference). */
function graphPath(session: Session, startId: string, goalId: string): Hop[] | undefined {
  const view = session.view('proximity');
  if (!view.hasNode(startId) || !view.hasNode(goalId)) return startId === goalId ? [] : undefined;
  const parent = new Map<string, string | null>([[startId, null]]);
  const queue = [startId];
  for (let head = 0; head < queue.length && !parent.has(goalId); head++) {
    const v = queue[head]!;
    for (const w of [...view.neighbors(v)].sort()) {
      if (parent.has(w)) continue;
      parent.set(w, v);
      queue.push(w);
    }
  }
  if (!parent.has(goalId)) return undefined;
  const chain: string[] = [];
  for (let v: string | null = goalId; v !== null; v = parent.get(v) ?? null) chain.push(v);
  chain.reverse();
  const label = (id: string) => session.node(id)?.path ?? session.node(id)?.key ?? id;
  return chain.slice(1).map((to, i) => {
    const from = chain[i]!;
    const forward = view.hasDirectedEdge(from, to);
    const ids = forward ? view.getEdgeAttribute(from, to, 'ids') : view.getEdgeAttribute(to, from, 'ids');
    const edge = session.edge(ids[0]!)!;
    return {
      from: label(from),
      to: label(to),
      direction: forward ? 'forward' : 'backward',
      relation: edge.relation,
      edge: edge.id,
      evidence: edge.evidence[0]!,
    };
  });
}

describe('path over the view table', () => {
  // [fixture, whether some of its nodes cannot reach others]
  for (const [fixture, apart] of [
    ['import-forms', true],
    ['docs-adr-typed-links', false],
    ['checkup-import-cycle', true],
    ['go-forms', true],
  ] as const) {
    it(`finds the graph walk's path between every two nodes (${fixture})`, async () => {
      const session = openSession(await scannedFixture(fixture));
      const targets = session.map.nodes.filter(
        (n) => n.path !== undefined && ['file', 'document', 'artifact'].includes(n.kind),
      );
      let hops = 0;
      let missing = 0;
      for (const a of targets)
        for (const b of targets) {
          const got = shortestPath(session, a.path!, b.path!);
          const want = graphPath(session, a.id, b.id);
          if (want === undefined) {
            missing++;
            expect(got.items).toEqual([]);
            expect(got.notes?.[0]).toMatch(/^no path between /);
          } else {
            expect(got.items).toEqual(want);
            expect(got.notes).toBeUndefined();
            hops += want.length;
          }
        }
      expect(hops).toBeGreaterThan(0);
      expect(missing > 0).toBe(apart);
      session.close();
    });
  }
});
