/**
 * Severity of editing a file, from how many files import it directly (fan-in), how many depend on
 * it transitively, and how much of the import graph's traffic passes through it (centrality).
 * The thresholds are the gate's (config `gate.fanIn`, `gate.centrality`), so "high" here means
 * "guarded" there.
 */
export type Severity = 'leaf' | 'low' | 'medium' | 'high' | 'chokepoint';

export const SEVERITIES: readonly Severity[] = ['leaf', 'low', 'medium', 'high', 'chokepoint'];

export interface SeverityInput {
  fanIn: number;
  /** Transitive dependents (may be capped at DEPENDENTS_CAP). */
  dependents: number;
  centrality: number;
}

export interface SeverityThresholds {
  /** Direct dependents that make a file guarded (default 10). */
  fanIn?: number;
  /** Centrality that makes a file guarded (default 0.05). */
  centrality?: number;
}

/** Counting transitive dependents stops here: beyond it the level cannot change. */
export const DEPENDENTS_CAP = 1000;

export function severityOf(input: SeverityInput, thresholds: SeverityThresholds = {}): Severity {
  const fanIn = thresholds.fanIn ?? 10;
  const centrality = thresholds.centrality ?? 0.05;
  if (input.dependents === 0 && input.fanIn === 0) return 'leaf';
  const busy = input.fanIn >= fanIn;
  const central = input.centrality >= centrality;
  if (busy && central) return 'chokepoint';
  if (busy || central || input.dependents >= fanIn * 10) return 'high';
  if (input.fanIn >= Math.ceil(fanIn / 3) || input.dependents >= fanIn || input.centrality >= centrality / 5)
    return 'medium';
  return 'low';
}
