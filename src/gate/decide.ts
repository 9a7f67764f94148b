/**
 * The gate's decision, pure. Reads are never gated; an edit of a guarded (load-bearing) file needs
 * a fresh consult marker; everything else passes with at most one line of context. Peers' hooks
 * that denied too eagerly got uninstalled, so the default is to warn, and to deny only when the
 * project opted into blocking. Every message says what the edit can break and what to run next,
 * in words an agent can act on; the impact summary rides along so one hook call can replace a
 * round trip.
 */

import {
  DEFAULT_SEVERITY_THRESHOLDS,
  type Severity,
  type SeverityThresholds,
  severityOf,
  someUsers,
} from '../graph/severity.js';
import type { MarkerVerdict } from './marker.js';

export type { Severity };

/** Precomputed at scan time, one per file (see gate/severity-cache.ts). */
export interface GateSummary {
  /** Severity at the thresholds of the scan; decide() grades again with the current ones. */
  severity: Severity;
  /** Files importing it directly (barrels re-exporting it included). */
  fanIn: number;
  /** Files that use it: direct importers and importers of its names through barrels. */
  users: number;
  /** Users of its busiest export (graded: the most one edit of one exported name can break). */
  busiest?: number;
  busiestName?: string;
  /** Users of each export by name, when it has several: an edit that names some is graded on those. */
  exportUsers?: [name: string, users: number][];
  /** Files importing a barrel in front of it as a namespace (not counted in users). */
  namespaceUsers: number;
  /** Transitive dependents (shown, not graded: barrels inflate them). */
  dependents: number;
  centrality: number;
  guarded: boolean;
  /** Up to 10 users, direct importers first. */
  sample: string[];
  /** Areas (packages, top folders) of the users, most users first, up to 10. */
  areas: { name: string; files: number }[];
  areaCount: number;
  /** Every user sits in a workspace package (say "packages" rather than "areas"). */
  inPackages?: boolean;
  /** The exports the edit names, when its replaced text is known (set at decision time). */
  touched?: string[];
}

export interface GateFacts {
  action: 'read' | 'edit';
  /** Repo-relative path, or undefined when the file is outside the repository. */
  path?: string;
  summary?: GateSummary;
  marker: MarkerVerdict;
  block: boolean;
  /** The thresholds in force now (the configuration read at decision time). */
  thresholds?: SeverityThresholds;
  /** `.proofmap` or `.git` when the edit writes inside one: always refused. */
  protectedDir?: string;
  /** Why the index cannot grade the edit (missing, corrupt, empty): warn, or deny when failClosed. */
  unknown?: string;
  failClosed?: boolean;
}

export interface Decision {
  /** pass: let the agent's own permission flow continue; warn: pass with a reason; deny: block. */
  verdict: 'pass' | 'warn' | 'deny';
  /** One line for the agent; absent when there is nothing worth saying. */
  message?: string;
  /** The impact summary, for the agent's context (additionalContext). */
  context?: string;
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/**
 * The summary graded for an edit whose replaced text is known: the exports it names (their
 * declarations or uses in the replaced text) are what it can change, so the busiest of those is
 * graded instead of the file's busiest. An edit naming no export (a body, a comment) keeps the
 * file's busiest: a body change can still change what any export returns.
 */
export function touchedSummary(s: GateSummary, replaced: string | undefined): GateSummary {
  if (replaced === undefined || !s.exportUsers) return s;
  const named = s.exportUsers.filter(
    ([name]) =>
      name !== 'default' &&
      new RegExp(`(?<![\\w$])${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\w$])`).test(replaced),
  );
  if (named.length === 0) return s;
  const [busiestName, busiest] = named.reduce((a, b) => (b[1] > a[1] ? b : a));
  return { ...s, busiest, busiestName, touched: named.map(([name]) => name).sort() };
}

export function gradeOf(s: GateSummary, thresholds: SeverityThresholds = {}): Severity {
  // An entry written by an older proofmap (kept by an unchanged rescan) has no `users`.
  return severityOf(
    { fanIn: s.busiest ?? s.users ?? s.fanIn, dependents: s.dependents, centrality: s.centrality },
    thresholds,
  );
}

export function decide(f: GateFacts): Decision {
  if (f.action === 'read') return { verdict: 'pass' };
  if (f.protectedDir !== undefined)
    return {
      verdict: 'deny',
      message: `proofmap: ${f.path ?? 'this file'} is inside ${f.protectedDir}/, which proofmap and git write themselves; an edit tool may not write there (the index is rebuilt by \`proofmap scan\`).`,
    };
  if (f.path === undefined)
    return { verdict: 'pass', message: 'proofmap: the file is outside the repository; not gated.' };
  if (f.unknown !== undefined)
    return f.failClosed
      ? {
          verdict: 'deny',
          message: `proofmap: cannot grade this edit: ${f.unknown}; gate.failClosed is set, so the edit is blocked. Run \`proofmap scan\`.`,
        }
      : {
          verdict: 'pass',
          message: `proofmap: cannot grade this edit: ${f.unknown}; not gated. Run \`proofmap scan\`.`,
        };
  if (!f.summary)
    return {
      verdict: 'pass',
      message: `proofmap: ${f.path} is not in the index (new file?); not gated. Run \`proofmap scan\` to include it.`,
    };
  if (f.marker.ok) return { verdict: 'pass' };
  const s = f.summary;
  const severity = gradeOf(s, f.thresholds);
  if (severity !== 'high' && severity !== 'chokepoint') {
    if (s.users === 0) return { verdict: 'pass' };
    const names = s.sample.slice(0, 3).join(', ');
    return {
      verdict: 'pass',
      message: `proofmap: ${plural(s.users, 'file')} use${s.users === 1 ? 's' : ''} ${f.path} (${names}${s.users > 3 ? ', …' : ''}); not gated.`,
    };
  }
  const why =
    f.marker.reason === 'stale'
      ? 'It changed on disk since its impact was consulted'
      : f.marker.reason === 'forged'
        ? 'Its consult marker was not written by proofmap'
        : f.marker.reason === 'expired'
          ? 'Its consultation is too old'
          : f.marker.reason === 'future'
            ? 'Its consult marker is dated in the future, so it is not accepted'
            : f.marker.reason === 'other-session'
              ? 'Its impact was consulted in another session'
              : 'Its impact has not been consulted';
  const message =
    `proofmap: ${f.path} is load-bearing: ${usesOf(s)}${centralityOf(s, f.thresholds)}. ` +
    `${why}: run \`map_impact\` on it or \`proofmap impact ${f.path}\` first${f.block ? '; the edit is allowed once consulted' : ''}.`;
  return { verdict: f.block ? 'deny' : 'warn', message, context: summaryOf(f.path, s) };
}

function usesOf(s: GateSummary): string {
  const users = s.users ?? s.fanIn;
  const through = users - s.fanIn;
  const how =
    through > 0
      ? `${users} files use it (${s.fanIn} import${s.fanIn === 1 ? 's' : ''} it directly, ${through} through re-exports)`
      : `${plural(s.fanIn, 'file')} import${s.fanIn === 1 ? 's' : ''} it directly`;
  const where = s.areaCount > 1 ? ` in ${s.areaCount} ${s.inPackages ? 'packages' : 'areas'}` : '';
  const busiest =
    s.busiest !== undefined && s.busiestName && s.busiest < users
      ? `; ${s.busiest} of them use \`${s.busiestName}\``
      : '';
  return `${how}${where}${busiest}`;
}

/** Centrality is named only when it is the reason, and in words rather than a bare number. */
function centralityOf(s: GateSummary, t: SeverityThresholds = {}): string {
  const limit = t.centrality ?? DEFAULT_SEVERITY_THRESHOLDS.centrality;
  const some = s.users >= someUsers(t.fanIn ?? DEFAULT_SEVERITY_THRESHOLDS.fanIn);
  return s.centrality >= limit && some
    ? `, and many import paths between other files pass through it (betweenness ${s.centrality.toPrecision(2)} ≥ ${limit})`
    : '';
}

function summaryOf(path: string, s: GateSummary): string {
  const lines = [`proofmap impact summary for ${path}:`];
  if (s.sample.length > 0)
    lines.push(
      `- used by ${s.sample.join(', ')}${s.users > s.sample.length ? ` and ${s.users - s.sample.length} more` : ''}`,
    );
  if (s.areaCount > 1)
    lines.push(
      `- by area: ${s.areas.map((a) => `${a.name} ${a.files}`).join(', ')}${s.areaCount > s.areas.length ? `, and ${plural(s.areaCount - s.areas.length, 'more area')}` : ''}`,
    );
  if (s.namespaceUsers > 0)
    lines.push(
      `- ${plural(s.namespaceUsers, 'more file')} import${s.namespaceUsers === 1 ? 's' : ''} a barrel in front of it as a namespace (\`import *\` or \`import()\`)`,
    );
  lines.push(`- ${plural(s.dependents, 'file')} depend${s.dependents === 1 ? 's' : ''} on it transitively`);
  return lines.join('\n');
}
