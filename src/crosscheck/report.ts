/** Text and SARIF renderings of a cross-check; they return strings, the CLI writes them. */
import { sarifLocation, sarifLog } from '../model/sarif.js';
import { CAUSES, type Cause } from './causes.js';
import type { CrosscheckReport } from './index.js';

const pct = (x: number) => `${(x * 100).toFixed(2)}%`;

export function crosscheckText(r: CrosscheckReport): string {
  const lines = [
    `proofmap crosscheck: proofmap's resolution against TypeScript ${r.typescript}'s (ts.resolveModuleName)`,
    `  ${r.files} code files, ${r.specifiers} specifiers${r.compared < r.specifiers ? `, ${r.compared} sampled` : ''}`,
    `  internal file→file pairs: proofmap ${r.pairs.proofmap}, tsc ${r.pairs.tsc}, both ${r.pairs.both}`,
    `  precision ${pct(r.precision)}  recall ${pct(r.recall)}  agreement ${pct(r.agreement)}`,
  ];
  if (r.declarations > 0)
    lines.push(
      `  ${r.declarations} value imports agree through declarations (tsc takes the .d.ts of the entry proofmap takes the code of)`,
    );
  if (r.disagreements.length === 0) lines.push('', 'No disagreements.');
  const byCause = new Map<Cause, CrosscheckReport['disagreements']>();
  for (const d of r.disagreements) byCause.set(d.cause, [...(byCause.get(d.cause) ?? []), d]);
  for (const [cause, list] of byCause) {
    lines.push('', `${cause} (${list.length}): ${CAUSES[cause]}`);
    for (const d of list) {
      lines.push(`  ${d.from}:${d.line}:${d.column}  ${d.specifier}`);
      lines.push(`    proofmap → ${d.proofmap}   tsc → ${d.tsc}`);
      lines.push(`    ${d.note}`);
    }
  }
  return `${lines.join('\n')}\n`;
}

export function crosscheckSarif(r: CrosscheckReport, version: string): string {
  const causes = Object.keys(CAUSES) as Cause[];
  const rules = causes.map((id) => ({ id, shortDescription: { text: CAUSES[id] } }));
  const results = r.disagreements.map((d) => ({
    ruleId: d.cause,
    ruleIndex: causes.indexOf(d.cause),
    level: 'warning',
    message: {
      text: `${d.specifier}: proofmap → ${d.proofmap}, tsc → ${d.tsc}. ${d.note}`,
    },
    locations: [sarifLocation(d.from, d.line, d.column)],
  }));
  return `${JSON.stringify(sarifLog(version, rules, results), null, 2)}\n`;
}
