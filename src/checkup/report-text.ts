/** The text report: errors first, then warnings, grouped by code, one problem per paragraph. */
import type { CheckupResult, Problem } from './types.js';

export function textReport(result: CheckupResult): string {
  if (result.skipped) return 'proofmap check: skipped (--check off)\n';
  const lines: string[] = [];
  for (const kind of ['error', 'warning'] as const) {
    const mine = result.problems.filter((p) => p.kind === kind);
    const codes = [...new Set(mine.map((p) => p.code))];
    for (const code of codes) {
      const group = mine.filter((p) => p.code === code);
      lines.push(`${kind === 'error' ? 'errors' : 'warnings'} · ${code} (${group.length})`);
      for (const p of group) lines.push(`  ${p.message}`);
      lines.push('');
    }
  }
  const count = (kind: Problem['kind']) => result.problems.filter((p) => p.kind === kind).length;
  const ignored = result.ignored > 0 ? `, ${result.ignored} ignored by checkup.ignore` : '';
  lines.push(
    `proofmap check: ${result.ok ? 'ok' : 'failed'} — ${count('error')} errors, ${count('warning')} warnings${ignored}; ${result.entries} entry points.`,
  );
  return `${lines.join('\n')}\n`;
}
