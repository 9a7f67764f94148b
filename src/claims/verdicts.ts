/**
 * Deciding claims: each claim goes to the detector of its check, unless calibration found that
 * detector untrusted; then the claim is unverified and says why. Severity orders the repair
 * list and never changes a verdict.
 */
import type { DetectorSet } from './detectors/index.js';
import type { Check, Decision, Detector } from './detectors/types.js';
import { packageOf } from './readings.js';
import type { ClaimsRepo } from './repo.js';
import type { Calibration, Claim, VerdictEntry } from './schema.js';

export function decideClaims(
  claims: readonly Claim[],
  repo: ClaimsRepo,
  detectors: DetectorSet,
  calibration: readonly Calibration[],
): VerdictEntry[] {
  const untrusted = new Map(calibration.filter((c) => !c.trusted).map((c) => [c.detector, c.reason]));
  const entries = new Map<string, VerdictEntry>();
  for (const claim of claims) {
    const detector = detectors[claim.subject.check] as Detector<Check>;
    const why = untrusted.get(detector.name);
    const d = why
      ? {
          verdict: 'unverified' as const,
          reason: `detector ${detector.name} is untrusted (calibration: ${why})`,
          evidence: [],
          near_misses: [],
        }
      : softened(claim, detector.decide(claim.subject as never, repo));
    // Dedup by (claim, verdict): the same claim stated in several places is one repair.
    const key = `${sameClaim(claim.subject, repo)}|${d.verdict}`;
    const known = entries.get(key);
    if (known) {
      known.stated_at.push(claim.stated_at);
      continue;
    }
    entries.set(key, {
      kind: claim.kind,
      subject: claim.subject,
      text: claim.text,
      verdict: d.verdict,
      detector: detector.name,
      reason: d.reason,
      stated_at: [claim.stated_at],
      evidence: d.evidence,
      near_misses: d.near_misses,
      severity: severity(claim, d.verdict),
    });
  }
  return [...entries.values()].sort(order);
}

/**
 * What makes two statements the same claim: the subject, except that a script's document only
 * matters through the package it sits in (`npm run build` in README.md and docs/a.md is one repair).
 */
function sameClaim(subject: Claim['subject'], repo: ClaimsRepo): string {
  if (subject.check !== 'script' || subject.from === undefined) return JSON.stringify(subject);
  const { from, ...rest } = subject;
  return JSON.stringify({ ...rest, in: packageOf(from, repo)?.manifest ?? '' });
}

/** A line that creates, exemplifies, records history or states a condition asserts nothing today. */
function softened(claim: Claim, d: Decision): Decision {
  if (d.verdict !== 'contradicted' || !claim.reading) return d;
  return { ...d, verdict: 'unverified', reason: `${d.reason}, but ${claim.reading.why}` };
}

const RANK = { error: 0, warning: 1, note: 2 } as const;

function severity(claim: Claim, verdict: VerdictEntry['verdict']): VerdictEntry['severity'] {
  if (verdict === 'verified') return 'note';
  if (verdict === 'unverified') return 'note';
  // Commands and structure break a reader's first step; prose state is less urgent.
  return claim.kind === 'state' ? 'warning' : 'error';
}

function order(a: VerdictEntry, b: VerdictEntry): number {
  const at = (e: VerdictEntry) => `${e.stated_at[0]!.path}\0${String(e.stated_at[0]!.line).padStart(8, '0')}`;
  return RANK[a.severity] - RANK[b.severity] || (at(a) < at(b) ? -1 : at(a) > at(b) ? 1 : 0);
}
