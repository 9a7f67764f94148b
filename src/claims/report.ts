/**
 * The investigation report: verdicts plus the run's own audit (calibration, adversarial cases,
 * limitations). Confidence starts high and is lowered by every self-audit finding: an untrusted
 * detector, a failed adversarial case, or claims read but left unchecked.
 */

import { adversarialSelfTest } from './adversarial.js';
import { calibrate } from './calibrate.js';
import { type ExtractContext, extractContext } from './context.js';
import { DETECTORS, type DetectorSet } from './detectors/index.js';
import { extractClaims } from './extract.js';
import { resetParsed } from './parsed.js';
import type { ClaimsRepo } from './repo.js';
import type { BlockedReport, InvestigationReport } from './schema.js';
import { decideClaims } from './verdicts.js';

export interface ClaimsInput {
  repo: ClaimsRepo;
  /** Documents to read: repo path → text. */
  documents: ReadonlyMap<string, string>;
  /** Test hook: replace detectors (a deliberately broken one must route its claims to unverified). */
  detectors?: Partial<DetectorSet>;
  /** Limitations the caller knows of (a stale map, unreadable documents). */
  limitations?: string[];
}

const STANDING_LIMITATIONS = [
  'flags and subcommands are found in the bin entry and the files it imports (followed from dist/ to src/), comments blanked; a flag counts only in the shapes parsers use (a flag-spec string, an option object, a parser call, a read of the parsed result), a subcommand name in any string there counts',
  'export * re-exports are not followed: a name behind one is unverified, never contradicted',
  'npx bins provided by a dependency are assumed to be named after it (or a known alias such as tsc → typescript)',
  'backticked identifiers that no module exports stay unverified: they may be locals, methods or other packages',
];

export function investigate(input: ClaimsInput): InvestigationReport {
  resetParsed();
  const detectors = { ...DETECTORS, ...input.detectors } as DetectorSet;
  const calibration = calibrate(detectors);
  const adversarial = adversarialSelfTest(detectors);
  const ctx: ExtractContext = extractContext(input.repo);
  const claims = [...input.documents].flatMap(([path, text]) => extractClaims(path, text, ctx));
  const verdicts = decideClaims(claims, input.repo, detectors, calibration);
  const count = (v: string) => verdicts.filter((e) => e.verdict === v).length;
  const summary = {
    claims: verdicts.length,
    verified: count('verified'),
    contradicted: count('contradicted'),
    unverified: count('unverified'),
  };

  const reasons: string[] = [];
  const untrusted = calibration.filter((c) => !c.trusted);
  if (untrusted.length > 0)
    reasons.push(`untrusted detectors: ${untrusted.map((c) => c.detector).join(', ')}`);
  const failed = adversarial.filter((a) => !a.passed);
  if (failed.length > 0) reasons.push(`${failed.length} adversarial cases failed`);
  if (summary.claims > 0 && summary.unverified / summary.claims > 0.25)
    reasons.push(`${summary.unverified} of ${summary.claims} claims could not be checked`);
  if ((input.limitations ?? []).length > 0)
    reasons.push('the run has limitations of its own (see limitations)');
  const confidence =
    untrusted.length > 0 || failed.length > 0 ? 'low' : reasons.length > 0 ? 'medium' : 'high';

  return {
    $schema: 'proofmap.claims/v1',
    type: 'investigation_report',
    documents: [...input.documents.keys()].sort(),
    summary,
    confidence,
    confidence_reasons: reasons,
    verdicts,
    calibration,
    adversarial,
    limitations: [...(input.limitations ?? []), ...STANDING_LIMITATIONS],
  };
}

export function blocked(missing: BlockedReport['missing'], reason: string, hint: string): BlockedReport {
  return { $schema: 'proofmap.claims/v1', type: 'blocked_execution_report', missing, reason, hint };
}
