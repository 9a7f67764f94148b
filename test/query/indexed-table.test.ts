/**
 * session.indexed() builds a view's integer adjacency from its table, without the graphology graph
 * (repo-map's ranking reads only that): the same ids, index and neighbour lists as indexing the
 * graph gives, for every view a query asks for.
 */
import { describe, expect, it } from 'vitest';
import { indexView } from '../../src/graph/indexed.js';
import { buildView, type ViewKind, type ViewOptions } from '../../src/graph/views.js';
import { openSession } from '../../src/query/session.js';
import { scannedFixture } from './fixture.js';

const VIEWS: { kind: ViewKind; opts: ViewOptions }[] = [
  { kind: 'import', opts: { typeImports: true } },
  { kind: 'import', opts: {} },
  { kind: 'documentation', opts: {} },
  { kind: 'proximity', opts: { external: true } },
];

describe('indexed views without the graph', () => {
  for (const fixture of ['import-forms', 'go-forms', 'docs-adr-typed-links', 'checkup-import-cycle']) {
    it(`are the graph's, indexed (${fixture})`, async () => {
      const session = openSession(await scannedFixture(fixture));
      let listed = 0;
      for (const { kind, opts } of VIEWS) {
        const graph = buildView({ nodes: session.map.nodes, edges: session.map.edges }, kind, opts);
        const indexed = session.indexed(kind, opts);
        expect(indexed).toEqual(indexView(graph));
        listed += indexed.out.reduce((sum, list) => sum + list.length, 0);
      }
      expect(listed).toBeGreaterThan(0);
      session.close();
    });
  }
});
