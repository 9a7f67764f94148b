/**
 * symbolUpstream visits the namespace-whole users of the barrels re-exporting each dependent
 * without listing every dependent's whole passThrough (a hub's walk passed ~75 barrels per
 * dependent): the walk must be the one that did, dependent for dependent (which files, at which
 * depth, through which edge, in which order, where a visit limit cuts), over barrels that
 * re-export one another in cycles, files that are their own barrels' barrels, and namespaces
 * used whole.
 */
import { describe, expect, it } from 'vitest';
import type { MapNode } from '../../src/map/schema.js';
import { nodeId } from '../../src/model/ids.js';
import { compareStrings } from '../../src/model/paths.js';
import { openSession, type Session } from '../../src/query/session.js';
import { symbolUpstream, usersOf } from '../../src/query/symbols.js';
import { scannedFixture, scannedRepo } from './fixture.js';

const IMPORTING = new Set(['imports', 'type-imports', 're-exports', 'dynamic-imports', 'requires']);

/** The walk as it ran before: each dependent's whole passThrough, every time. */
function listingEveryBarrel(
  session: Session,
  files: readonly string[],
  opts: { depth: number; visitLimit: number; symbols?: readonly MapNode[] },
) {
  const reExporters = (id: string) =>
    session
      .endsTo(id)
      .filter((e) => e.relation === 're-exports')
      .map((e) => e.from);
  const passThrough = (fileId: string) => {
    const seen = new Set([fileId]);
    const queue = [fileId];
    for (let head = 0; head < queue.length; head++)
      for (const from of reExporters(queue[head]!))
        if (!seen.has(from)) {
          seen.add(from);
          queue.push(from);
        }
    return [...seen];
  };
  const wholeUses = (id: string) =>
    session.edgesTo(id, 'uses').filter((e) => e.names?.includes('*') === true);
  const declares = (fileId: string) =>
    session.nodeAt(session.node(fileId)?.path ?? '')?.exports?.some((e) => e.declaration !== undefined) ===
    true;
  const seen = new Set(files);
  const dependents: { id: string; depth: number; via: string }[] = [];
  let cut = false;
  const visit = (id: string, depth: number, edge: string, next: string[], follow: boolean) => {
    if (seen.has(id)) return;
    if (dependents.length >= opts.visitLimit) {
      cut = true;
      return;
    }
    seen.add(id);
    dependents.push({ id, depth, via: edge });
    if (follow) next.push(id);
  };
  let frontier = [...files];
  for (let depth = 1; depth <= opts.depth && frontier.length > 0 && !cut; depth++) {
    const next: string[] = [];
    for (const fileId of frontier) {
      if (depth === 1 && opts.symbols) {
        for (const s of opts.symbols)
          if (nodeId('file', s.path!) === fileId)
            for (const u of usersOf(session, s)) visit(nodeId('file', u.path), depth, u.edge, next, true);
        continue;
      }
      const declaring = declares(fileId);
      for (const e of session.endsTo(fileId)) {
        if (e.relation !== 'uses' && !IMPORTING.has(e.relation)) continue;
        if (session.node(e.from)?.kind !== 'file') continue;
        visit(e.from, depth, e.id, next, e.relation !== 're-exports' || !declaring);
      }
      if (declaring)
        for (const module of passThrough(fileId))
          if (module !== fileId) for (const e of wholeUses(module)) visit(e.from, depth, e.id, next, true);
    }
    frontier = next.sort(compareStrings);
  }
  return { dependents, cut };
}

function walked(session: Session, files: readonly string[], opts: Parameters<typeof symbolUpstream>[2]) {
  const { dependents, cut } = symbolUpstream(session, files, opts);
  return { dependents: dependents.map((d) => ({ id: d.id, depth: d.depth, via: d.via() })), cut };
}

/** Barrels in a cycle, a declaring file inside its own barrels' cycle, namespaces used whole. */
const BARRELS: Record<string, string> = {
  'src/a.ts': "export const a = 1;\nexport * from './barrel2';\n",
  'src/b.ts': 'export const b = 2;\n',
  'src/barrel1.ts': "export * from './a';\nexport * from './barrel2';\n",
  'src/barrel2.ts': "export * from './b';\nexport * from './barrel1';\n",
  'src/c.ts': "import { b } from './barrel2';\nexport * from './barrel1';\nexport const c = b;\n",
  'src/d.ts': "export * from './c';\nexport const d = 1;\n",
  'src/e.ts': "export * from './d';\nexport * from './barrel2';\nexport const e = 1;\n",
  'src/ns-one.ts': "import * as all from './barrel1';\nconsole.log(all);\n",
  'src/ns-two.ts': "import * as two from './barrel2';\nexport const x = two;\n",
  'src/ns-d.ts': "import * as dd from './d';\nconsole.log(dd);\n",
  'src/ns-e.ts': "import * as ee from './e';\nexport const y = ee;\n",
  'src/user-a.ts': "import { a } from './barrel1';\nexport const ua = a;\n",
  'src/user-c.ts': "import { c } from './e';\nimport { ua } from './user-a';\nexport const uc = c + ua;\n",
  'src/user-x.ts': "import { x } from './ns-two';\nimport { y } from './ns-e';\nexport const ux = [x, y];\n",
};

function compareEveryStart(session: Session): number {
  const files = session.map.nodes
    .filter((n) => n.kind === 'file')
    .map((n) => n.id)
    .sort(compareStrings);
  let reached = 0;
  for (const id of files) {
    const node = session.node(id)!;
    const symbols = session.map.nodes.filter((n) => n.kind === 'symbol' && n.path === node.path);
    for (const opts of [
      { depth: Number.POSITIVE_INFINITY, visitLimit: 10_000 },
      { depth: 1, visitLimit: 10_000 },
      { depth: Number.POSITIVE_INFINITY, visitLimit: 2 },
      ...(symbols.length > 0 ? [{ depth: 3, visitLimit: 10_000, symbols }] : []),
    ]) {
      const got = walked(session, [id], opts);
      expect(got).toEqual(listingEveryBarrel(session, [id], opts));
      reached += got.dependents.length;
    }
  }
  // Several starts at once, in an order that is not the id order.
  const opts = { depth: Number.POSITIVE_INFINITY, visitLimit: 10_000 };
  for (let k = 0; k + 3 <= files.length; k++) {
    const starts = [...files].reverse().slice(k, k + 3);
    expect(walked(session, starts, opts)).toEqual(listingEveryBarrel(session, starts, opts));
  }
  return reached;
}

describe('symbolUpstream through barrels', () => {
  it('walks as listing every barrel did, from every file (barrels in cycles, namespaces used whole)', async () => {
    const session = openSession(await scannedRepo(BARRELS));
    // The fixture is what it claims: namespaces used whole, and barrels re-exporting each other.
    const edges = session.map.edges;
    expect(
      edges.filter((e) => e.relation === 'uses' && e.names?.includes('*')).length,
    ).toBeGreaterThanOrEqual(4);
    const a = nodeId('file', 'src/a.ts');
    expect(edges.some((e) => e.relation === 're-exports' && e.from === a)).toBe(true);
    expect(compareEveryStart(session)).toBeGreaterThan(20);
    session.close();
  });

  for (const fixture of ['symbols-reexport-forms', 'import-forms', 'checkup-import-cycle']) {
    it(`walks as listing every barrel did, from every file (${fixture})`, async () => {
      const session = openSession(await scannedFixture(fixture));
      expect(compareEveryStart(session)).toBeGreaterThan(0);
      session.close();
    });
  }
});
