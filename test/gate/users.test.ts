import { describe, expect, it } from 'vitest';
import { decide, type GateSummary, gradeOf, touchedSummary } from '../../src/gate/decide.js';
import { gateEntries } from '../../src/gate/severity-cache.js';
import { fileUsers, type UseEdge } from '../../src/gate/users.js';
import type { ProofMap } from '../../src/map/schema.js';
import { handMap, idOf } from '../graph/hand-map.js';

/**
 * A package behind a barrel: index.ts re-exports everything from core.ts and other.ts. 20 files
 * import `a` (core's) from the barrel, 30 import `o` (other's), 5 import the barrel as a
 * namespace; app.ts imports core directly and is itself imported by 40 files.
 */
function barrelGraph() {
  const ids = ['core.ts', 'other.ts', 'index.ts', 'app.ts'];
  const exportsOf: Record<string, string[]> = { 'core.ts': ['a', 'b'], 'other.ts': ['o'], 'index.ts': ['*'] };
  const edges: UseEdge[] = [
    { from: 'index.ts', to: 'core.ts', reexport: true, names: ['*'] },
    { from: 'index.ts', to: 'other.ts', reexport: true, names: ['*'] },
    { from: 'app.ts', to: 'core.ts', reexport: false, names: ['b'] },
  ];
  const add = (n: number, prefix: string, e: Omit<UseEdge, 'from'>) => {
    for (let i = 0; i < n; i++) {
      ids.push(`${prefix}${i}.ts`);
      edges.push({ from: `${prefix}${i}.ts`, ...e });
    }
  };
  add(20, 'uses-a', { to: 'index.ts', reexport: false, names: ['a'] });
  add(30, 'uses-o', { to: 'index.ts', reexport: false, names: ['o'] });
  add(5, 'ns', { to: 'index.ts', reexport: false, names: ['*'] });
  add(40, 'uses-app', { to: 'app.ts', reexport: false, names: ['x'] });
  return { ids, exportsOf: (id: string) => exportsOf[id] ?? [], edges };
}

describe('fileUsers: who an edit can break', () => {
  it('counts importers of a file’s own names through a barrel, not everyone behind the barrel', () => {
    const g = barrelGraph();
    const users = fileUsers(g.ids, g.exportsOf, g.edges);
    const core = users.get('core.ts')!;
    // index.ts and app.ts directly; the 20 importers of `a` through the barrel.
    expect(core.direct).toEqual(new Set(['index.ts', 'app.ts']));
    expect(core.users.size).toBe(22);
    expect(core.namespace).toBe(5);
    // One edit of `a` can break the barrel and its 20 importers; `b` only app.ts and the barrel.
    expect(core).toMatchObject({ busiest: 21, busiestName: 'a' });
    expect(core.byExport).toEqual([
      ['a', 21],
      ['b', 2],
    ]);
    expect(users.get('other.ts')!.users.size).toBe(31);
    // The barrel itself: everyone who imports it, and each may use any of its names.
    expect(users.get('index.ts')!.users.size).toBe(55);
    expect(users.get('index.ts')!.busiest).toBe(55);
  });

  it('follows named re-exports only for the names they carry', () => {
    const users = fileUsers(
      ['core.ts', 'index.ts', 'u1.ts', 'u2.ts'],
      (id) => (id === 'core.ts' ? ['a', 'b'] : []),
      [
        { from: 'index.ts', to: 'core.ts', reexport: true, names: ['a'] },
        { from: 'u1.ts', to: 'index.ts', reexport: false, names: ['a'] },
        { from: 'u2.ts', to: 'index.ts', reexport: false, names: ['b'] },
      ],
    );
    expect([...users.get('core.ts')!.users].sort()).toEqual(['index.ts', 'u1.ts']);
    expect(users.get('core.ts')).toMatchObject({ busiest: 2, busiestName: 'a' });
  });
});

describe('gate entries: severity on users, not transitive dependents', () => {
  it('grades a file on the users of its busiest export, and names it', () => {
    // core.ts exports a and b behind index.ts; `na` files use `a` through the barrel, `nb` use `b`.
    const entry = (na: number, nb: number) => {
      const rows: [string, string, string][] = [['index.ts', 'core.ts', 're-exports']];
      for (let i = 0; i < na; i++) rows.push([`a${i}.ts`, 'index.ts', 'imports']);
      for (let i = 0; i < nb; i++) rows.push([`b${i}.ts`, 'index.ts', 'imports']);
      const map = handMap([], rows);
      for (const n of map.nodes)
        if (n.path === 'core.ts') n.exports = ['a', 'b'].map((name) => ({ name, line: 1, typeOnly: false }));
      for (const e of map.edges) {
        const from = map.nodes.find((n) => n.id === e.from)!.path!;
        e.names = from === 'index.ts' ? ['*'] : [from.startsWith('a') ? 'a' : 'b'];
      }
      return gateEntries(map, new Map()).get('core.ts')!;
    };
    const busy = entry(16, 12);
    expect(busy).toMatchObject({ fanIn: 1, users: 29, busiest: 17, busiestName: 'a', guarded: true });
    expect(
      decide({
        action: 'edit',
        path: 'core.ts',
        summary: busy,
        marker: { ok: false, reason: 'none' },
        block: false,
      }).message,
    ).toMatch(
      /^proofmap: core\.ts is load-bearing: 29 files use it \(1 imports it directly, 28 through re-exports\); 17 of them use `a`\./,
    );
    // 25 users in all, but no one edit of one name reaches 15 of them.
    expect(entry(12, 12)).toMatchObject({ users: 25, busiest: 13, guarded: false });
  });

  it('a file with one direct dependent is not load-bearing because thousands depend on that one', () => {
    // lib.ts ← hub.ts ← 300 files: lib has 300 transitive dependents but one user.
    const rows: [string, string][] = [['hub.ts', 'lib.ts']];
    for (let i = 0; i < 300; i++) rows.push([`f${i}.ts`, 'hub.ts']);
    const map: ProofMap = handMap([], rows);
    const entries = gateEntries(map, new Map());
    const lib = entries.get('lib.ts')!;
    expect(lib).toMatchObject({ fanIn: 1, users: 1, dependents: 301, guarded: false, severity: 'medium' });
    expect(entries.get('hub.ts')).toMatchObject({ fanIn: 300, users: 300, guarded: true, severity: 'high' });
    expect(entries.get('hub.ts')!.sample).toHaveLength(10);
  });

  it('grades again with the thresholds in force at decision time', () => {
    const rows: [string, string][] = [];
    for (let i = 0; i < 6; i++) rows.push([`f${i}.ts`, 'core.ts']);
    const entry = gateEntries(handMap([], rows), new Map([[idOf('core.ts'), 0]])).get('core.ts')!;
    expect(gradeOf(entry)).toBe('medium');
    expect(gradeOf(entry, { fanIn: 6 })).toBe('high');
    expect(gradeOf(entry, { fanIn: 7 })).toBe('medium');
  });
});

describe('touchedSummary: an edit is graded on the exports it names', () => {
  const summary = {
    busiest: 21,
    busiestName: 'a',
    exportUsers: [
      ['a', 21],
      ['b', 2],
      ['c', 7],
    ],
  } as unknown as GateSummary;

  it('grades on the busiest of the exports the replaced text names, whole words only', () => {
    expect(touchedSummary(summary, 'export function b() {}\nconst x = c(ab);')).toMatchObject({
      busiest: 7,
      busiestName: 'c',
      touched: ['b', 'c'],
    });
  });

  it('keeps the file’s busiest when the text names no export, or is unknown', () => {
    expect(touchedSummary(summary, 'return 1; // abc, xb')).toBe(summary);
    expect(touchedSummary(summary, undefined)).toBe(summary);
  });
});
