/**
 * SARIF 2.1.0: one result per contradicted or unverified claim, located at the document line
 * that states it; the code evidence goes in relatedLocations. One rule per detector.
 */
import { VERSION } from '../map/version.js';
import { sarifLocation, sarifLog } from '../model/sarif.js';
import type { ClaimsReport } from './schema.js';

const LEVEL = { contradicted: 'error', unverified: 'note', verified: 'none' } as const;

export function renderSarif(report: ClaimsReport): object {
  if (report.type !== 'investigation_report') return sarifLog(VERSION, [], [], report.reason);
  const results = report.verdicts
    .filter((e) => e.verdict !== 'verified')
    .map((e) => ({
      ruleId: `claims/${e.detector}`,
      level: LEVEL[e.verdict],
      message: {
        text: `${e.verdict}: ${e.text} — ${e.reason}${e.near_misses.length ? ` (near: ${e.near_misses.join(', ')})` : ''}`,
      },
      locations: e.stated_at.map((s) => sarifLocation(s.path, s.line, s.column)),
      relatedLocations: e.evidence.map((x, id) => ({ id, ...sarifLocation(x.path, x.line) })),
    }));
  const rules = report.calibration.map((c) => ({ id: `claims/${c.detector}`, name: c.detector }));
  return sarifLog(VERSION, rules, results);
}
