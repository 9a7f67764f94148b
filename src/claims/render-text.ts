/** The readable rendering: the repair list first, then the self-audit in one line each. */
import type { ClaimsReport, VerdictEntry } from './schema.js';

const at = (e: VerdictEntry) => e.stated_at.map((s) => `${s.path}:${s.line}`).join(', ');

export function renderText(report: ClaimsReport): string {
  if (report.type === 'blocked_execution_report')
    return `proofmap claims: blocked — ${report.missing} unavailable: ${report.reason}\n  ${report.hint}\n`;
  const s = report.summary;
  const lines = [
    `proofmap claims: ${s.claims} claims in ${report.documents.length} documents — ${s.verified} verified, ${s.contradicted} contradicted, ${s.unverified} unverified (confidence ${report.confidence})`,
  ];
  for (const e of report.verdicts) {
    if (e.verdict === 'verified') continue;
    const code = e.evidence.map((x) => (x.line ? `${x.path}:${x.line}` : x.path)).join(', ');
    lines.push(`  ${e.verdict.padEnd(12)} ${at(e)}  ${e.text} — ${e.reason}${code ? ` [${code}]` : ''}`);
    if (e.near_misses.length > 0) lines.push(`               did you mean: ${e.near_misses.join(', ')}`);
  }
  const trusted = report.calibration.filter((c) => c.trusted).length;
  lines.push(`  calibration  ${trusted}/${report.calibration.length} detectors trusted`);
  for (const c of report.calibration.filter((x) => !x.trusted))
    lines.push(`    untrusted ${c.detector}: ${c.reason}`);
  const passed = report.adversarial.filter((a) => a.passed).length;
  lines.push(`  adversarial  ${passed}/${report.adversarial.length} cases refused as expected`);
  for (const a of report.adversarial.filter((x) => !x.passed))
    lines.push(`    FAILED ${a.detector}: ${a.case} (${a.verdict}: ${a.detail})`);
  for (const r of report.confidence_reasons) lines.push(`  confidence lowered: ${r}`);
  return `${lines.join('\n')}\n`;
}
