/**
 * The adversarial self-test: the cases of adversarial-cases.ts run against the control repository
 * and reported in the output. A case passes when the detector does not verify it and, for
 * confusables, names the real token as a near miss.
 */
import { ADVERSARIAL_CASES } from './adversarial-cases.js';
import { controlRepo } from './controls.js';
import type { DetectorSet } from './detectors/index.js';
import type { Check, Detector } from './detectors/types.js';
import type { ClaimsRepo } from './repo.js';
import type { AdversarialResult } from './schema.js';

export function adversarialSelfTest(
  detectors: DetectorSet,
  repo: ClaimsRepo = controlRepo(),
): AdversarialResult[] {
  return ADVERSARIAL_CASES.map((c) => {
    const detector = detectors[c.subject.check] as Detector<Check>;
    let verdict: AdversarialResult['verdict'] = 'unverified';
    let detail: string;
    let near: string[] = [];
    try {
      const d = detector.decide(c.subject as never, repo);
      verdict = d.verdict;
      near = d.near_misses;
      detail = d.reason;
    } catch (error) {
      // Throwing is not "ignored safely": the case fails.
      return {
        detector: detector.name,
        case: c.name,
        expected: c.expected,
        verdict,
        passed: false,
        detail: `threw: ${(error as Error).message}`,
      };
    }
    const passed = verdict !== 'verified' && (c.real === undefined || near.includes(c.real));
    return { detector: detector.name, case: c.name, expected: c.expected, verdict, passed, detail };
  });
}
