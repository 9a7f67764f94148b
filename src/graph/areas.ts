/**
 * Suggested areas: the seeded Louvain communities of the import view, each with the files it
 * holds, globs that select exactly those files, its cohesion (the share of its import edges that
 * stay inside) and the edges that cross its border, with evidence. Labels are the folder that holds
 * most of a community's files, refined one folder deeper while two communities would share one,
 * so `packages` never names two areas. Suggestions only: a person promotes them (`areas --write`).
 */
import type { ProofMap } from '../map/schema.js';
import { compareStrings } from '../model/paths.js';
import type { Evidence } from '../model/types.js';
import { communities, sharedDirectory } from './communities.js';
import { round6 } from './prng.js';
import { viewTable } from './views.js';

export interface CrossingEdge {
  edge: string;
  relation: string;
  from: string;
  to: string;
  /** The suggested area on the other side, when it is one. */
  other_area?: string;
  evidence: Evidence;
}

export interface AreaSuggestion {
  name: string;
  /** Globs (picomatch) selecting exactly `files` among the map's files. */
  path: string[];
  files: string[];
  /** Import edges inside / (inside + crossing), in [0, 1]. */
  cohesion: number;
  internal: number;
  crossing: { total: number; items: CrossingEdge[] };
}

export interface AreaOptions {
  seed?: number;
  /** Smallest community worth suggesting (default 5 files). */
  minSize?: number;
  /** Crossing edges listed per area (the total is always given). */
  crossingLimit?: number;
}

export function suggestAreas(map: ProofMap, opts: AreaOptions = {}): AreaSuggestion[] {
  const view = viewTable(map, 'import');
  const all = communities(view, opts.seed ?? 1);
  const groups = all
    .filter((paths) => paths.length >= (opts.minSize ?? 5))
    .map((paths) => paths.sort(compareStrings));
  const names = uniqueLabels(groups);
  const areaOf = new Map<string, number>();
  groups.forEach((paths, i) => {
    for (const p of paths) areaOf.set(p, i);
  });
  // A glob must not take in another community's file; files that import nothing and that nothing
  // imports belong to no community, and a `dir/**` may include them.
  const connected = all.flat();
  const edgeById = new Map(map.edges.map((e) => [e.id, e]));
  const internal = groups.map(() => 0);
  const crossing: CrossingEdge[][] = groups.map(() => []);
  view.edges.forEach((attrs, p) => {
    const [from, to] = [view.nodes[view.from[p]!]!.path, view.nodes[view.to[p]!]!.path];
    if (from === undefined || to === undefined) return;
    const [a, b] = [areaOf.get(from), areaOf.get(to)];
    if (a !== undefined && a === b) {
      internal[a]! += attrs.ids.length;
      return;
    }
    for (const id of attrs.ids) {
      const e = edgeById.get(id)!;
      const row = (other: number | undefined): CrossingEdge => ({
        edge: e.id,
        relation: e.relation,
        from,
        to,
        ...(other !== undefined ? { other_area: names[other]! } : {}),
        evidence: e.evidence[0]!,
      });
      if (a !== undefined) crossing[a]!.push(row(b));
      if (b !== undefined) crossing[b]!.push(row(a));
    }
  });
  const limit = opts.crossingLimit ?? 20;
  return groups
    .map((files, i) => {
      const cross = crossing[i]!.sort(
        (x, y) => compareStrings(x.from, y.from) || compareStrings(x.edge, y.edge),
      );
      const total = internal[i]! + cross.length;
      return {
        name: names[i]!,
        path: coverGlobs(new Set(files), connected),
        files,
        cohesion: total === 0 ? 0 : round6(internal[i]! / total),
        internal: internal[i]!,
        crossing: { total: cross.length, items: cross.slice(0, limit) },
      };
    })
    .sort((x, y) => compareStrings(x.name, y.name));
}

/**
 * One label per community: the deepest folder holding more than half its files; while two
 * communities share a label, each goes one folder deeper (towards its most populated subfolder);
 * labels still shared then are numbered in order of their first file.
 */
export function uniqueLabels(groups: readonly (readonly string[])[]): string[] {
  const labels = groups.map((paths) => majorityFolder(paths, sharedDirectory(paths), 0.5));
  for (let round = 0; round < 8; round++) {
    const clash = clashes(labels);
    if (clash.size === 0) break;
    let moved = false;
    groups.forEach((paths, i) => {
      if (!clash.has(labels[i]!)) return;
      const deeper = majorityFolder(paths, labels[i]!, 0, 1);
      if (deeper !== labels[i]) moved = true;
      labels[i] = deeper;
    });
    if (!moved) break;
  }
  const seen = new Map<string, number>();
  const clash = clashes(labels);
  return labels.map((label) => {
    const shown = label === '' ? '(root)' : label;
    if (!clash.has(label)) return shown;
    const n = (seen.get(label) ?? 0) + 1;
    seen.set(label, n);
    return `${shown} #${n}`;
  });
}

function clashes(labels: readonly string[]): Set<string> {
  const count = new Map<string, number>();
  for (const l of labels) count.set(l, (count.get(l) ?? 0) + 1);
  return new Set([...count].filter(([, n]) => n > 1).map(([l]) => l));
}

/**
 * From `start`, step into the subfolder holding the most of `paths` (ties by name) while it holds
 * more than `share` of them, at most `steps` times.
 */
function majorityFolder(paths: readonly string[], start: string, share: number, steps = 32): string {
  let dir = start;
  for (let step = 0; step < steps; step++) {
    const prefix = dir === '' ? '' : `${dir}/`;
    const counts = new Map<string, number>();
    for (const p of paths) {
      if (!p.startsWith(prefix)) continue;
      const rest = p.slice(prefix.length);
      const slash = rest.indexOf('/');
      if (slash > 0) counts.set(rest.slice(0, slash), (counts.get(rest.slice(0, slash)) ?? 0) + 1);
    }
    const best = [...counts].sort((a, b) => b[1] - a[1] || compareStrings(a[0], b[0]))[0];
    if (!best || best[1] <= paths.length * share) break;
    dir = `${prefix}${best[0]}`;
  }
  return dir;
}

/** The fewest globs selecting `members` and no other of `all`: `dir/**` where every file is a member. */
export function coverGlobs(members: ReadonlySet<string>, all: readonly string[]): string[] {
  const out: string[] = [];
  const walk = (dir: string, files: readonly string[]) => {
    const inside = files.filter((f) => members.has(f));
    if (inside.length === 0) return;
    if (inside.length === files.length) {
      out.push(dir === '' ? '**' : `${dir}/**`);
      return;
    }
    const prefix = dir === '' ? '' : `${dir}/`;
    const sub = new Map<string, string[]>();
    for (const f of files) {
      const rest = f.slice(prefix.length);
      const slash = rest.indexOf('/');
      if (slash < 0) {
        if (members.has(f)) out.push(f);
      } else {
        const child = `${prefix}${rest.slice(0, slash)}`;
        const list = sub.get(child);
        if (list) list.push(f);
        else sub.set(child, [f]);
      }
    }
    for (const [child, list] of [...sub].sort((a, b) => compareStrings(a[0], b[0]))) walk(child, list);
  };
  walk('', [...new Set([...all, ...members])].sort(compareStrings));
  return out.sort(compareStrings);
}
