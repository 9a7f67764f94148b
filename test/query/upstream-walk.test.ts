/**
 * upstream() walks importers from each file's own edge ends instead of the import view: the walk
 * must be the view's, dependent for dependent (which files, at which depth, through which edge, in
 * which order, where a visit limit cuts), for every file of fixtures with barrels, cycles, Go
 * packages (`contains`), type imports and external packages, with and without a symbol.
 */
import { describe, expect, it } from 'vitest';
import { compareStrings } from '../../src/model/paths.js';
import { openSession, type Session } from '../../src/query/session.js';
import { upstream } from '../../src/query/upstream.js';
import { scannedFixture } from './fixture.js';

/** The walk as it ran over the indexed import view (the code upstream() replaced). */
function overView(
  session: Session,
  from: readonly string[],
  opts: { depth: number; visitLimit: number; symbol?: string },
) {
  const view = session.view('import', { typeImports: true });
  const graph = session.indexed('import', { typeImports: true });
  const seen = new Uint8Array(graph.ids.length);
  const starts = from.flatMap((id) => (graph.index.has(id) ? [graph.index.get(id)!] : []));
  for (const s of starts) seen[s] = 1;
  const out: { id: string; depth: number; via: string }[] = [];
  const edgeIds = (w: number, v: number): string[] =>
    view.getEdgeAttribute(graph.ids[w]!, graph.ids[v]!, 'ids');
  const names = (edgeId: string) => {
    const named = session.edge(edgeId)?.names ?? [];
    return named.includes(opts.symbol!) || named.includes('*');
  };
  let frontier = starts;
  let cut = false;
  for (let depth = 1; depth <= opts.depth && frontier.length > 0 && !cut; depth++) {
    const next: number[] = [];
    for (const v of frontier) {
      for (const w of graph.in[v]!) {
        if (seen[w]) continue;
        let named: string | undefined;
        if (depth === 1 && opts.symbol !== undefined) {
          named = edgeIds(w, v).find(names);
          if (named === undefined) continue;
        }
        if (out.length >= opts.visitLimit) {
          cut = true;
          break;
        }
        seen[w] = 1;
        next.push(w);
        out.push({ id: graph.ids[w]!, depth, via: named ?? edgeIds(w, v)[0]! });
      }
      if (cut) break;
    }
    frontier = next.sort((a, b) => a - b);
  }
  return { dependents: out, cut };
}

const walked = (session: Session, from: readonly string[], opts: Parameters<typeof upstream>[2]) => {
  const { dependents, cut } = upstream(session, from, opts);
  return { dependents: dependents.map((d) => ({ id: d.id, depth: d.depth, via: d.via() })), cut };
};

describe('upstream without the import view', () => {
  it("does not count a file's import of itself", async () => {
    const session = openSession(await scannedFixture('checkup-self-import'));
    const loop = session.map.edges.find((e) => e.from === e.to && e.relation === 'imports')!;
    const opts = { depth: Number.POSITIVE_INFINITY, visitLimit: 10_000 };
    expect(walked(session, [loop.to], opts)).toEqual({ dependents: [], cut: false });
    expect(overView(session, [loop.to], opts)).toEqual({ dependents: [], cut: false });
    session.close();
  });

  for (const fixture of [
    'import-forms',
    'symbols-reexport-forms',
    'go-forms',
    'checkup-import-cycle',
    'python-forms',
    'checkup-dependency-types',
    'module-augmentation',
  ]) {
    it(`walks as the view did, from every node (${fixture})`, async () => {
      const session = openSession(await scannedFixture(fixture));
      const ids = session.map.nodes.map((n) => n.id).sort(compareStrings);
      let reached = 0;
      for (const id of ids) {
        const node = session.node(id)!;
        for (const opts of [
          { depth: Number.POSITIVE_INFINITY, visitLimit: 10_000 },
          { depth: 1, visitLimit: 10_000 },
          { depth: Number.POSITIVE_INFINITY, visitLimit: 2 },
          ...(node.exports ?? []).map((e) => ({ depth: 3, visitLimit: 10_000, symbol: e.name })),
        ]) {
          const got = walked(session, [id], opts);
          expect(got).toEqual(overView(session, [id], opts));
          reached += got.dependents.length;
        }
      }
      // Several starts at once, in an order that is not the id order: the first to reach a file
      // is the one its `via` leads to.
      const files = ids.filter((id) => session.node(id)!.kind === 'file').reverse();
      const opts = { depth: Number.POSITIVE_INFINITY, visitLimit: 10_000 };
      expect(walked(session, files.slice(0, 3), opts)).toEqual(overView(session, files.slice(0, 3), opts));
      expect(reached).toBeGreaterThan(0);
      session.close();
    });
  }
});
