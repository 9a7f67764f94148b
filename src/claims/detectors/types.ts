/** A detector settles one check kind of claim against a ClaimsRepo, and nothing else. */
import type { ClaimsRepo } from '../repo.js';
import type { CodeEvidence, Subject, Verdict } from '../schema.js';

export interface Decision {
  verdict: Verdict;
  reason: string;
  evidence: CodeEvidence[];
  near_misses: string[];
}

export type Check = Subject['check'];
export type SubjectOf<C extends Check> = Extract<Subject, { check: C }>;

export interface Detector<C extends Check = Check> {
  name: string;
  check: C;
  decide(subject: SubjectOf<C>, repo: ClaimsRepo): Decision;
}

export function decision(
  verdict: Verdict,
  reason: string,
  evidence: CodeEvidence[] = [],
  near_misses: string[] = [],
): Decision {
  return { verdict, reason, evidence, near_misses };
}
