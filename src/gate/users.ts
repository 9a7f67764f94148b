/**
 * Who an edit of a file can break: the files that import it directly, plus the files that import
 * one of its exported names through a barrel (a chain of `export … from` re-exports). Counting
 * transitive dependents instead made 89 % of a monorepo "load-bearing": every file behind a
 * package's `index.ts` inherited the importers of the whole package. Here an importer of a barrel
 * counts for a file only when it names something that file exports; a namespace or dynamic import
 * of a barrel (`*`) names nothing in particular and is counted apart, not graded.
 *
 * The gate grades on the users of the file's busiest export rather than on all its users: one
 * edit usually changes one exported name, and the union over a core module's five exports made
 * most of a core package load-bearing again (86 % of it, against 14 % this way).
 */

export interface UseEdge<Id = string> {
  from: Id;
  to: Id;
  /** `re-exports` edges are followed; every other relation is a use. */
  reexport: boolean;
  /** Imported or re-exported names; `*` for a namespace import or `export *`; absent = unknown. */
  names?: readonly string[];
}

export interface FileUsers<Id = string> {
  /** Files importing it directly (re-exporting barrels included). */
  direct: Set<Id>;
  /** direct ∪ files importing one of its names through barrels. */
  users: Set<Id>;
  /** Files importing a barrel in front of it as a namespace (`*`), not already users. */
  namespace: number;
  /**
   * Users of its busiest export: the most files one edit of one exported name can break. Direct
   * importers whose names are unknown, or that import the file whole (`*`, a bare `import './x'`),
   * count for every name. A file without exports counts its direct importers.
   */
  busiest: number;
  /** That export's name, when the file has named exports. */
  busiestName?: string;
  /**
   * Users of each export, by name (whole importers counted for every one): an edit touching one is
   * graded on it. Pairs, not an object keyed by names: each file's set of names would be a V8
   * hidden class of its own.
   */
  byExport: [name: string, users: number][];
}

/** fileUsers over file indexes, with each file's users as a list (the scan's gate entries). */
export interface IndexedFileUsers extends Omit<FileUsers<number>, 'users'> {
  /**
   * direct ∪ files importing one of its names through barrels; each once, the file itself never.
   * The direct ones come first, in `direct`'s order.
   */
  users: number[];
}

/** What a barrel (any file) offers its importers: built once per file, read by every file behind it. */
interface Barrel {
  byName: Map<string, number[]>;
  star: number[];
  reexports: UseEdge<number>[];
  direct: Set<number>;
}

/**
 * Ids may be any value a Set tells apart; they are numbered (the listed ids first, then the other
 * endpoints) and counted by indexedFileUsers.
 */
export function fileUsers<Id = string>(
  ids: readonly Id[],
  exportsOf: (id: Id) => readonly string[],
  edges: readonly UseEdge<Id>[],
): Map<Id, FileUsers<Id>> {
  const index = new Map(ids.map((id, i) => [id, i]));
  const all = [...ids];
  const at = (id: Id) => {
    const known = index.get(id);
    if (known !== undefined) return known;
    index.set(id, all.length);
    return all.push(id) - 1;
  };
  const numbered = edges.map((e) => ({ ...e, from: at(e.from), to: at(e.to) }));
  const counted = indexedFileUsers(ids.length, all.length, (i) => exportsOf(all[i]!), numbered);
  return new Map(
    counted.map(({ direct, users, ...rest }, i) => [
      ids[i]!,
      {
        direct: new Set([...direct].map((d) => all[d]!)),
        users: new Set(users.map((u) => all[u]!)),
        ...rest,
      },
    ]),
  );
}

/**
 * The users of files 0 … count-1 among nodes 0 … n-1 (edges join node indexes). Membership is kept
 * in arrays stamped with the file at hand, and the users of each export name in one set of
 * (name, user) numbers, instead of a Set per file, per name and per walk: the 7k-file monorepo
 * made some 100,000 Sets here. What is counted, and each file's list of users in order, are those
 * of the Set-based walk it replaced.
 */
export function indexedFileUsers(
  count: number,
  n: number,
  exportsOf: (i: number) => readonly string[],
  edges: readonly UseEdge<number>[],
): IndexedFileUsers[] {
  const incoming: UseEdge<number>[][] = Array.from({ length: n }, () => []);
  for (const e of edges) if (e.from !== e.to) incoming[e.to]!.push(e);
  const barrels: (Barrel | undefined)[] = new Array(n);
  const barrel = (i: number): Barrel => {
    const known = barrels[i];
    if (known) return known;
    const x: Barrel = { byName: new Map(), star: [], reexports: [], direct: new Set() };
    for (const e of incoming[i]!) {
      x.direct.add(e.from);
      if (e.reexport) {
        x.reexports.push(e);
        continue;
      }
      const names = e.names === undefined || e.names.length === 0 ? ['*'] : e.names;
      if (names.includes('*')) x.star.push(e.from);
      else
        for (const name of names) {
          const list = x.byName.get(name);
          if (list) list.push(e.from);
          else x.byName.set(name, [e.from]);
        }
    }
    barrels[i] = x;
    return x;
  };
  // Stamped with the file at hand: "in this file's set" is `mark[u] === id`.
  const userMark = new Int32Array(n).fill(-1);
  const wholeMark = new Int32Array(n).fill(-1);
  const starMark = new Int32Array(n).fill(-1);
  const seenMark = new Int32Array(n).fill(-1);
  // (k, u) as k * n + u: user u of the file's k-th export name.
  const named = new Set<number>();
  const out: IndexedFileUsers[] = [];
  for (let id = 0; id < count; id++) {
    const own = barrel(id);
    const users: number[] = [];
    const addUser = (u: number) => {
      if (userMark[u] !== id && u !== id) {
        userMark[u] = id;
        users.push(u);
      }
    };
    for (const u of own.direct) addUser(u);
    const whole: number[] = [];
    const addWhole = (u: number) => {
      if (wholeMark[u] !== id) {
        wholeMark[u] = id;
        whole.push(u);
      }
    };
    const stars: number[] = [];
    const declared = new Set(exportsOf(id).filter((name) => name !== '*'));
    // Numbered in sorted order, so that a tie names the same export on every run.
    const names = [...declared].sort();
    const nameIndex = new Map(names.map((name, k) => [name, k]));
    const sizes = new Int32Array(names.length);
    const addNamed = (k: number, u: number) => {
      const key = k * n + u;
      if (!named.has(key)) {
        named.add(key);
        sizes[k]!++;
      }
    };
    // Direct importers naming none of the exports we know (or the file whole) may use any of them.
    for (const u of own.star) addWhole(u);
    for (const [name, list] of own.byName) {
      const k = nameIndex.get(name);
      for (const u of list) {
        if (k !== undefined) addNamed(k, u);
        else addWhole(u);
      }
    }
    for (const e of own.reexports) {
      const carried =
        !e.names || e.names.includes('*') ? names : e.names.filter((name) => nameIndex.has(name));
      if (carried.length === 0) addWhole(e.from);
      for (const name of carried) addNamed(nameIndex.get(name)!, e.from);
    }
    // Each stack entry is a barrel and the names of `id` it exposes.
    // Walked in declaration order: each file's users are listed in the order they are found.
    const stack: [number, ReadonlySet<string>][] = [[id, declared]];
    seenMark[id] = id;
    while (stack.length > 0) {
      const [at, exposed] = stack.pop()!;
      const x = barrel(at);
      if (at !== id) {
        for (const s of x.star) {
          if (starMark[s] !== id) {
            starMark[s] = id;
            stars.push(s);
          }
        }
        for (const name of exposed) {
          const k = nameIndex.get(name)!;
          for (const u of x.byName.get(name) ?? []) {
            addUser(u);
            addNamed(k, u);
          }
        }
      }
      for (const e of x.reexports) {
        if (seenMark[e.from] === id) continue;
        seenMark[e.from] = id;
        const carried = e.names ?? ['*'];
        const next = carried.includes('*') ? exposed : new Set(carried.filter((name) => exposed.has(name)));
        if (next.size > 0) stack.push([e.from, next]);
      }
    }
    let namespace = 0;
    for (const s of stars) if (userMark[s] !== id && s !== id) namespace++;
    let busiest = whole.length;
    let busiestName: string | undefined;
    const byExport: [string, number][] = [];
    names.forEach((name, k) => {
      let users = sizes[k]!;
      for (const u of whole) if (!named.has(k * n + u)) users++;
      byExport.push([name, users]);
      // Only names someone uses compete for the busiest.
      if (sizes[k]! > 0 && (users > busiest || busiestName === undefined)) {
        busiest = Math.max(busiest, users);
        busiestName = name;
      }
    });
    named.clear();
    out.push({
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
