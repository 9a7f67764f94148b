/**
 * Why an answer may be incomplete, from the map's coverage: a file with an unresolved specifier
 * or a non-literal dynamic import may depend on more than the map shows, so any walk through it
 * is a lower bound. Saying so is the difference between "no dependents" and "none found".
 */
import type { ProofMap } from '../map/schema.js';
import type { Coverage } from '../model/types.js';
import type { Session } from './session.js';

const scopePath = (scope: string) => scope.replace(/:\d+(:\d+)?$/, '');

function isBlindSpot(c: Coverage): boolean {
  return (
    (c.analyzer === 'resolve' || c.analyzer === 'js-ts') && (c.status === 'partial' || c.status === 'failed')
  );
}

interface BlindSpots {
  /** Unresolved specifiers and non-literal dynamic imports per file, and their sum. */
  byPath: Map<string, number>;
  total: number;
  /** Findings import-name-not-exported, in map order. */
  suspect: ProofMap['findings'];
}

// Counted once per map: an impact answer on a hub asks about 6,000 paths, and a resident server
// answers many of them from one snapshot.
const counted = new WeakMap<ProofMap, BlindSpots>();

function blindSpotsOf(map: ProofMap): BlindSpots {
  const known = counted.get(map);
  if (known) return known;
  const byPath = new Map<string, number>();
  let total = 0;
  for (const c of map.coverage) {
    if (!isBlindSpot(c)) continue;
    const p = scopePath(c.scope);
    byPath.set(p, (byPath.get(p) ?? 0) + 1);
    total++;
  }
  const suspect = map.findings.filter((f) => f.code === 'import-name-not-exported');
  const spots = { byPath, total, suspect };
  counted.set(map, spots);
  return spots;
}

/** One note naming the files among `paths` whose imports were not all resolved. */
export function lowerBoundNotes(session: Session, paths: Iterable<string>): string[] {
  const wanted = new Set(paths);
  const blind = blindSpotsOf(session.map);
  const hits = new Map<string, number>();
  let inWanted = 0;
  for (const p of wanted) {
    const n = blind.byPath.get(p);
    if (n === undefined) continue;
    hits.set(p, n);
    inWanted += n;
  }
  const elsewhere = blind.total - inWanted;
  const notes: string[] = [];
  if (hits.size > 0) {
    const files = [...hits.keys()].sort();
    const shown = files.slice(0, 5).join(', ') + (files.length > 5 ? ` and ${files.length - 5} more` : '');
    const count = [...hits.values()].reduce((a, b) => a + b, 0);
    notes.push(
      `lower bound: ${count} unresolved specifier(s) or non-literal dynamic import(s) in ${shown}; dependencies through them are not in the map`,
    );
  }
  if (elsewhere > 0) {
    notes.push(
      `${elsewhere} unresolved specifier(s) elsewhere in the repository could also lead here (see coverage in map.json)`,
    );
  }
  notes.push(...suspectEdgeNotes(session, wanted));
  return notes;
}

/**
 * An import whose names its resolved target does not export (finding import-name-not-exported)
 * may point at the wrong file: an answer walking it, at either end, may miss the right target's
 * dependents.
 */
function suspectEdgeNotes(session: Session, wanted: ReadonlySet<string>): string[] {
  // An answer about one file uses its own edges; a walk uses the edges between files it visited.
  const uses = (f: (typeof session.map.findings)[number]) =>
    wanted.size === 1
      ? f.evidence.some((e) => wanted.has(e.path))
      : f.evidence.every((e) => wanted.has(e.path));
  const suspect = blindSpotsOf(session.map).suspect.filter(uses);
  if (suspect.length === 0) return [];
  const at = suspect.map((f) => `${f.evidence[0]!.path}:${f.evidence[0]!.line ?? 1}`).sort();
  const shown = at.slice(0, 5).join(', ') + (at.length > 5 ? ` and ${at.length - 5} more` : '');
  return [
    `lower bound: ${suspect.length} import(s) here name exports their resolved file lacks (${shown}); each may point at the wrong file, so dependents of the right one may be missing`,
  ];
}
