/**
 * `changes [--base REV]`: the files changed since a revision (git diff + untracked), each with
 * its severity and how many files depend on it, and the checks that prove the change.
 */
import type { Severity } from '../graph/severity.js';
import { type Envelope, paginate } from '../model/envelope.js';
import { type Check, checksFor } from './checks.js';
import { lowerBoundNotes } from './notes.js';
import type { Session } from './session.js';
import { upstream } from './upstream.js';

export interface ChangedFile {
  path: string;
  /** `indexed` when the map knows the file, `new` when it does not (added since the scan, or not analysed). */
  state: 'indexed' | 'new';
  severity: Severity;
  /** Transitive dependents (up to visitLimit). */
  dependents: number;
  /** The nearest dependents, for a first look. */
  nearest: string[];
}

export interface ChangesAnswer extends Envelope<ChangedFile> {
  base: string;
  checks: Check[];
}

export function changes(
  session: Session,
  opts: {
    base?: string;
    limit?: number;
    cursor?: string;
    visitLimit?: number;
    /** git's changed files when the caller already has them (a server keeps them between calls). */
    changed?: string[];
  } = {},
): ChangesAnswer {
  const base = opts.base ?? 'HEAD';
  const changed = opts.changed ?? session.deps.changedFiles(base);
  const { severity } = session.signals();
  const visitLimit = opts.visitLimit ?? 10_000;
  const all: ChangedFile[] = changed.map((path) => {
    const node = session.nodeAt(path);
    if (!node) return { path, state: 'new', severity: 'leaf', dependents: 0, nearest: [] };
    const walk = upstream(session, [node.id], { depth: Number.POSITIVE_INFINITY, visitLimit });
    return {
      path,
      state: 'indexed',
      severity: severity[path] ?? 'leaf',
      dependents: walk.dependents.length,
      nearest: walk.dependents.slice(0, 5).map((d) => session.node(d.id)?.path ?? d.id),
    };
  });
  const page = paginate(all, opts.limit ?? 100, opts.cursor);
  const notes = lowerBoundNotes(session, changed);
  const unknown = all.filter((f) => f.state === 'new').length;
  if (unknown > 0)
    notes.push(`${unknown} changed file(s) are not in the map: rescan to see their dependents`);
  return {
    query: `changes --base ${base}`,
    ...page,
    freshness: session.deps.freshness(page.items.filter((f) => f.state === 'indexed').map((f) => f.path)),
    ...(notes.length > 0 ? { notes } : {}),
    base,
    checks: changed.length > 0 ? checksFor(session, changed) : [],
  };
}
