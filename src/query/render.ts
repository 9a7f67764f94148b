/**
 * Plain-text rendering of query envelopes for the CLI: one line per item, then the honest
 * footer (shown/total, the cursor for the next page, notes, stale files). Returns text; only
 * the CLI writes it.
 */
import type { Envelope } from '../model/envelope.js';

export function renderEnvelope<T>(
  answer: Envelope<T>,
  line: (item: T) => string,
  header: string[] = [],
): string {
  const out = [...header, ...answer.items.map((item) => `  ${line(item)}`)];
  if (answer.items.length === 0) out.push('  (none)');
  out.push(
    `${answer.returned} of ${answer.total}${answer.next_cursor ? ` — next page: --cursor ${answer.next_cursor}` : ''}`,
  );
  for (const note of answer.notes ?? []) out.push(`note: ${note}`);
  const { stale, missing } = answer.freshness;
  if (stale.length > 0) out.push(`stale: ${stale.join(', ')} changed since the scan — rerun proofmap scan`);
  if (missing.length > 0) out.push(`missing: ${missing.join(', ')}`);
  return `${out.join('\n')}\n`;
}
