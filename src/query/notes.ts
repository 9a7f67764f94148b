/**
 * Why an answer may be incomplete, from the map's coverage: a file with an unresolved specifier
 * or a non-literal dynamic import may depend on more than the map shows, so any walk through it
 * is a lower bound. Saying so is the difference between "no dependents" and "none found".
 */
import type { Coverage } from '../model/types.js';
import type { Session } from './session.js';

const scopePath = (scope: string) => scope.replace(/:\d+(:\d+)?$/, '');

function isBlindSpot(c: Coverage): boolean {
  return (
    (c.analyzer === 'resolve' || c.analyzer === 'js-ts') && (c.status === 'partial' || c.status === 'failed')
  );
}

/** One note naming the files among `paths` whose imports were not all resolved. */
export function lowerBoundNotes(session: Session, paths: Iterable<string>): string[] {
  const wanted = new Set(paths);
  const hits = new Map<string, number>();
  let elsewhere = 0;
  for (const c of session.map.coverage) {
    if (!isBlindSpot(c)) continue;
    const p = scopePath(c.scope);
    if (wanted.has(p)) hits.set(p, (hits.get(p) ?? 0) + 1);
    else elsewhere++;
  }
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
  return notes;
}
