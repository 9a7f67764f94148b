/**
 * Severity of editing a file, graded on what the edit can break: the files that use it (direct
 * importers, and — when the caller knows them — importers of its names through barrels) and how
 * much of the import graph's traffic passes through it (centrality). Transitive dependents only
 * lift a file to "medium": behind a package's barrel nearly every file has thousands of them,
 * which said nothing about the one edit at hand and made most of a monorepo "load-bearing".
 * The thresholds are the gate's (config `gate.fanIn`, `gate.centrality`), so "high" here means
 * "guarded" there.
 */
export type Severity = 'leaf' | 'low' | 'medium' | 'high' | 'chokepoint';

export const SEVERITIES: readonly Severity[] = ['leaf', 'low', 'medium', 'high', 'chokepoint'];

export interface SeverityInput {
  /** Files that use it: direct importers, or (the gate) the users of its busiest export. */
  fanIn: number;
  /** Transitive dependents (may be capped at DEPENDENTS_CAP). */
  dependents: number;
  centrality: number;
}

export interface SeverityThresholds {
  /** Files using it that make a file guarded (default 15). */
  fanIn?: number;
  /** Centrality that makes a file guarded (default 0.01). */
  centrality?: number;
}

/**
 * Calibrated with the gate's grading (users of a file's busiest export, gate/users.ts) on the
 * generated 7k-file monorepo (bench/) and on proofmap's own repository: 1.5 % and 1.6 % of the
 * files are guarded, 13.7 % of the monorepo's core package (every other package imports it).
 * Centrality there peaks at 0.035 and 0.014.
 */
export const DEFAULT_SEVERITY_THRESHOLDS: Required<SeverityThresholds> = { fanIn: 15, centrality: 0.01 };

/** Users that make a file "medium", and let its centrality guard it: a third of the threshold, at least 2. */
export const someUsers = (fanIn: number) => Math.max(2, Math.ceil(fanIn / 3));

/** Counting transitive dependents stops here: beyond it the level cannot change. */
export const DEPENDENTS_CAP = 1000;

export function severityOf(input: SeverityInput, thresholds: SeverityThresholds = {}): Severity {
  const fanIn = thresholds.fanIn ?? DEFAULT_SEVERITY_THRESHOLDS.fanIn;
  const centrality = thresholds.centrality ?? DEFAULT_SEVERITY_THRESHOLDS.centrality;
  if (input.dependents === 0 && input.fanIn === 0) return 'leaf';
  const busy = input.fanIn >= fanIn;
  // In a small graph nearly every middle file has a large normalised betweenness; a file must
  // also have a few users of its own for its centrality to guard it.
  const some = input.fanIn >= someUsers(fanIn);
  const central = input.centrality >= centrality && some;
  if (busy && central) return 'chokepoint';
  if (busy || central) return 'high';
  if (some || input.dependents >= fanIn * 10 || input.centrality >= centrality) return 'medium';
  return 'low';
}
