/**
 * SARIF 2.1.0: one result per contradicted or unverified claim, located at the document line
 * that states it; the code evidence goes in relatedLocations. One rule per detector.
 */
import { VERSION } from '../map/version.js';
import type { ClaimsReport } from './schema.js';

const LEVEL = { contradicted: 'error', unverified: 'note', verified: 'none' } as const;

export function renderSarif(report: ClaimsReport): object {
  const results =
    report.type === 'investigation_report'
      ? report.verdicts
          .filter((e) => e.verdict !== 'verified')
          .map((e) => ({
            ruleId: `claims/${e.detector}`,
            level: LEVEL[e.verdict],
            message: {
              text: `${e.verdict}: ${e.text} — ${e.reason}${e.near_misses.length ? ` (near: ${e.near_misses.join(', ')})` : ''}`,
            },
            locations: e.stated_at.map((s) => ({
              physicalLocation: {
                artifactLocation: { uri: s.path },
                region: { startLine: s.line, startColumn: s.column },
              },
            })),
            relatedLocations: e.evidence.map((x, id) => ({
              id,
              physicalLocation: {
                artifactLocation: { uri: x.path },
                ...(x.line ? { region: { startLine: x.line } } : {}),
              },
            })),
          }))
      : [];
  const rules =
    report.type === 'investigation_report'
      ? report.calibration.map((c) => ({ id: `claims/${c.detector}`, name: c.detector }))
      : [];
  return {
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: {
            name: 'proofmap',
            version: VERSION,
            informationUri: 'https://github.com/proofmap/proofmap',
            rules,
          },
        },
        results,
        ...(report.type === 'blocked_execution_report'
          ? {
              invocations: [
                {
                  executionSuccessful: false,
                  toolExecutionNotifications: [{ message: { text: report.reason } }],
                },
              ],
            }
          : {}),
      },
    ],
  };
}
