/**
 * neighboursOf takes a node's neighbours from its own edges instead of building the view: the
 * lists must be the view graph's, entry for entry (which neighbours, through which edge, in which
 * order), for every node, both directions, in the views `context` asks for.
 */
import { describe, expect, it } from 'vitest';
import { buildView, type ViewKind, type ViewOptions } from '../../src/graph/views.js';
import { compareStrings } from '../../src/model/paths.js';
import { neighboursOf } from '../../src/query/neighbours.js';
import { openSession, type Session } from '../../src/query/session.js';
import { scannedFixture } from './fixture.js';

/** What the view graph gives for `id` (the code neighboursOf replaced). */
function fromView(session: Session, kind: ViewKind, opts: ViewOptions, id: string, dir: 'out' | 'in') {
  const view = buildView({ nodes: session.map.nodes, edges: session.map.edges }, kind, opts);
  if (!view.hasNode(id)) return [];
  const others = dir === 'out' ? view.outNeighbors(id) : view.inNeighbors(id);
  return others
    .map((other) => {
      const [from, to] = dir === 'out' ? [id, other] : [other, id];
      const edge = session.edge(view.getEdgeAttribute(from, to, 'ids')[0]!)!;
      const node = session.node(other)!;
      return { id: other, item: { path: node.path ?? node.key, relation: edge.relation, edge: edge.id } };
    })
    .sort((a, b) => compareStrings(a.item.path, b.item.path) || compareStrings(a.item.edge, b.item.edge));
}

const VIEWS: { kind: ViewKind; opts: ViewOptions }[] = [
  { kind: 'import', opts: { typeImports: true } },
  { kind: 'import', opts: {} },
  { kind: 'proximity', opts: { typeImports: true } },
  { kind: 'proximity', opts: { external: true } },
];

describe('neighbours without the view graph', () => {
  for (const fixture of [
    'import-forms',
    'go-forms',
    'docs-adr-typed-links',
    'checkup-import-cycle',
    'python-forms',
  ]) {
    it(`are the view's, for every node (${fixture})`, async () => {
      const session = openSession(await scannedFixture(fixture));
      let listed = 0;
      for (const view of VIEWS)
        for (const node of session.map.nodes)
          for (const dir of ['out', 'in'] as const) {
            const got = neighboursOf(session, view, node.id, dir);
            expect(got).toEqual(fromView(session, view.kind, view.opts, node.id, dir));
            listed += got.length;
          }
      expect(listed).toBeGreaterThan(0);
      session.close();
    });
  }

  it("leave out a file's import of itself, as the view does", async () => {
    const session = openSession(await scannedFixture('checkup-self-import'));
    const loop = session.map.edges.find((e) => e.from === e.to && e.relation === 'imports');
    expect(loop).toBeDefined();
    for (const dir of ['out', 'in'] as const) {
      const view = VIEWS[0]!;
      expect(neighboursOf(session, view, loop!.from, dir)).toEqual(
        fromView(session, view.kind, view.opts, loop!.from, dir),
      );
    }
    session.close();
  });
});
