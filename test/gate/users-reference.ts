/**
 * gate/users.ts's fileUsers as it was before its integer rewrite (Sets per file, name and walk),
 * kept as the reference the rewrite is checked against (users-reference.test.ts).
 */
import type { FileUsers, UseEdge } from '../../src/gate/users.js';

interface BarrelIndex<Id> {
  byName: Map<string, Id[]>;
  star: Set<Id>;
  reexports: UseEdge<Id>[];
  direct: Set<Id>;
}

const add = <Id>(map: Map<string, Set<Id>>, name: string, user: Id) => {
  const set = map.get(name);
  if (set) set.add(user);
  else map.set(name, new Set([user]));
};

/**
 * Ids may be any value a Set tells apart: the scan's gate entries pass file indexes, whose sets
 * hash and compare several times faster than the 12-character node ids (same sets, same order).
 */
export function referenceFileUsers<Id = string>(
  ids: readonly Id[],
  exportsOf: (id: Id) => readonly string[],
  edges: readonly UseEdge<Id>[],
): Map<Id, FileUsers<Id>> {
  const incoming = new Map<Id, UseEdge<Id>[]>();
  for (const e of edges) {
    if (e.from === e.to) continue;
    const list = incoming.get(e.to);
    if (list) list.push(e);
    else incoming.set(e.to, [e]);
  }
  const indexes = new Map<Id, BarrelIndex<Id>>();
  const indexOf = (id: Id): BarrelIndex<Id> => {
    const known = indexes.get(id);
    if (known) return known;
    const x: BarrelIndex<Id> = { byName: new Map(), star: new Set(), reexports: [], direct: new Set() };
    for (const e of incoming.get(id) ?? []) {
      x.direct.add(e.from);
      if (e.reexport) {
        x.reexports.push(e);
        continue;
      }
      const names = e.names === undefined || e.names.length === 0 ? ['*'] : e.names;
      if (names.includes('*')) x.star.add(e.from);
      else
        for (const n of names) {
          const list = x.byName.get(n);
          if (list) list.push(e.from);
          else x.byName.set(n, [e.from]);
        }
    }
    indexes.set(id, x);
    return x;
  };
  const out = new Map<Id, FileUsers<Id>>();
  for (const id of ids) {
    const own = indexOf(id);
    const users = new Set(own.direct);
    const star = new Set<Id>();
    const seen = new Set([id]);
    const names = new Set(exportsOf(id).filter((n) => n !== '*'));
    const byName = new Map<string, Set<Id>>();
    // Direct importers naming none of the exports we know (or the file whole) may use any of them.
    const whole = new Set(own.star);
    for (const [n, list] of own.byName)
      for (const u of list) {
        if (names.has(n)) add(byName, n, u);
        else whole.add(u);
      }
    for (const e of own.reexports) {
      const carried = !e.names || e.names.includes('*') ? [...names] : e.names.filter((n) => names.has(n));
      if (carried.length === 0) whole.add(e.from);
      for (const n of carried) add(byName, n, e.from);
    }
    // Each stack entry is a barrel and the names of `id` it exposes.
    const stack: [Id, ReadonlySet<string>][] = [[id, names]];
    while (stack.length > 0) {
      const [barrel, exposed] = stack.pop()!;
      const x = indexOf(barrel);
      if (barrel !== id) {
        for (const s of x.star) star.add(s);
        for (const n of exposed)
          for (const u of x.byName.get(n) ?? []) {
            users.add(u);
            add(byName, n, u);
          }
      }
      for (const e of x.reexports) {
        if (seen.has(e.from)) continue;
        seen.add(e.from);
        const names = e.names ?? ['*'];
        const next = names.includes('*') ? exposed : new Set(names.filter((n) => exposed.has(n)));
        if (next.size > 0) stack.push([e.from, next]);
      }
    }
    users.delete(id);
    let namespace = 0;
    for (const s of star) if (!users.has(s) && s !== id) namespace++;
    let busiest = whole.size;
    let busiestName: string | undefined;
    // Sorted names, so that a tie names the same export on every run.
    for (const name of [...byName.keys()].sort()) {
      const set = byName.get(name)!;
      let n = set.size;
      for (const u of whole) if (!set.has(u)) n++;
      if (n > busiest || busiestName === undefined) {
        busiest = Math.max(busiest, n);
        busiestName = name;
      }
    }
    const byExport: [string, number][] = [];
    for (const name of [...names].sort()) {
      const set = byName.get(name);
      let n = set?.size ?? 0;
      for (const u of whole) if (!set?.has(u)) n++;
      byExport.push([name, n]);
    }
    out.set(id, {
      direct: own.direct,
      users,
      namespace,
      busiest,
      ...(busiestName ? { busiestName } : {}),
      byExport,
    });
  }
  return out;
}
