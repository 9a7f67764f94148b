/**
 * The gate's decision, pure. Reads are never gated; an edit of a guarded (load-bearing) file needs
 * a fresh consult marker; everything else passes with at most one line of context. Peers' hooks
 * that denied too eagerly got uninstalled, so the default is to warn, and to deny only when the
 * project opted into blocking.
 */

import type { Severity } from '../graph/severity.js';
import type { MarkerVerdict } from './marker.js';

export type { Severity };

/** Precomputed at scan time, one per file (see gate/severity-cache.ts). */
export interface GateSummary {
  severity: Severity;
  /** Direct dependents (importers). */
  fanIn: number;
  /** Transitive dependents. */
  dependents: number;
  centrality: number;
  guarded: boolean;
  /** A few direct dependents, for the one-line note. */
  sample: string[];
}

export interface GateFacts {
  action: 'read' | 'edit';
  /** Repo-relative path, or undefined when the file is outside the repository. */
  path?: string;
  summary?: GateSummary;
  marker: MarkerVerdict;
  block: boolean;
}

export interface Decision {
  /** pass: let the agent's own permission flow continue; warn: pass with a reason; deny: block. */
  verdict: 'pass' | 'warn' | 'deny';
  /** One line for the agent; absent when there is nothing worth saying. */
  message?: string;
}

export function decide(f: GateFacts): Decision {
  if (f.action === 'read') return { verdict: 'pass' };
  if (f.path === undefined)
    return { verdict: 'pass', message: 'proofmap: the file is outside the repository; not gated.' };
  if (!f.summary)
    return {
      verdict: 'pass',
      message: `proofmap: ${f.path} is not in the index (new file?); not gated. Run proofmap scan to include it.`,
    };
  if (f.marker.ok) return { verdict: 'pass' };
  const s = f.summary;
  const who = s.sample.length > 0 ? ` (${s.sample.join(', ')}${s.fanIn > s.sample.length ? ', …' : ''})` : '';
  if (!s.guarded)
    return {
      verdict: 'pass',
      message: `proofmap: ${f.path} (${s.severity}) has ${s.fanIn} direct dependent${s.fanIn === 1 ? '' : 's'}${who}.`,
    };
  const why =
    f.marker.reason === 'stale'
      ? 'it changed since its impact was consulted'
      : f.marker.reason === 'forged'
        ? 'its consult marker was not written by proofmap'
        : f.marker.reason === 'expired'
          ? 'its consultation is too old'
          : 'its impact has not been consulted';
  const message =
    `proofmap: ${f.path} is load-bearing (${s.severity}: ${s.fanIn} direct and ${s.dependents} transitive dependents, centrality ${s.centrality.toFixed(3)})${who} and ${why}. ` +
    `Run \`proofmap impact ${f.path}\` (or the map_impact tool) before editing it${f.block ? '; the edit is allowed once consulted' : ''}.`;
  return { verdict: f.block ? 'deny' : 'warn', message };
}
