/** `proofmap context <path|package>`: zone, owners, documents, checks, neighbours, cycles. */
import { context } from '../../query/context.js';
import { intOption } from '../args.js';
import type { CommandResult, Io } from '../io.js';
import { runQueryCommand } from '../query-command.js';

export const contextCommand = (argv: string[], io: Io): Promise<CommandResult> =>
  runQueryCommand(
    {
      usage: 'usage: proofmap context <path|package> [--limit N] [--hops N] [--root DIR] [--json]',
      flags: { limit: { type: 'string' }, hops: { type: 'string' } },
      positionals: { count: 1, missing: 'context needs a path or package' },
      answer: (session, a) =>
        context(session, a.positionals[0]!, {
          limit: a.limit(25),
          hops: intOption(a.values.hops as string | undefined, 'hops', 3),
        }),
      render: renderContext,
    },
    argv,
    io,
  );

function renderContext(answer: ReturnType<typeof context>): string {
  const c = answer.items[0]!;
  const list = (title: string, rows: string[], total = rows.length) => [
    `${title} (${total}):`,
    ...(rows.length ? rows.map((r) => `  ${r}`) : ['  (none)']),
  ];
  const lines = [
    `context of ${c.target.paths.join(', ')}${c.target.paths_total > c.target.paths.length ? ` and ${c.target.paths_total - c.target.paths.length} more` : ''}: zone ${c.zone?.label ?? '?'}, severity ${c.severity}`,
    `owners: ${c.owners ? `${c.owners.owners.join(' ')} (${c.owners.file}:${c.owners.line})` : '(no CODEOWNERS rule)'}`,
    ...list(
      'read first',
      c.documents.map(
        (d) => `${d.path}${d.line ? `:${d.line}` : ''} ${d.relation} (canonicality ${d.canonicality})`,
      ),
    ),
    ...list(
      'checks',
      c.checks.map(
        (k) => `${k.run}  [${k.source}${k.evidence ? ` ${k.evidence.path}:${k.evidence.line ?? ''}` : ''}]`,
      ),
    ),
    ...list(
      'uses',
      c.dependencies.items.map((d) => `${d.path} (${d.relation})`),
      c.dependencies.total,
    ),
    ...list(
      'used by',
      c.dependents.items.map((d) => `${d.path} (${d.relation})`),
      c.dependents.total,
    ),
    ...list(
      `related within ${c.related.hops} hops`,
      c.related.items.map(
        (r) =>
          `${r.path}${r.artifact_id ? ` [${r.artifact_id}]` : ''} (canonicality ${r.canonicality}) via ${r.via
            .map((s) => `${s.from} ${s.relation} ${s.to}`)
            .join(', ')}`,
      ),
      c.related.total,
    ),
    ...list(
      'cycles',
      c.cycles.map((k) => k.paths.join(' → ')),
    ),
    ...(answer.notes ?? []).map((n) => `note: ${n}`),
    ...(answer.freshness.fresh
      ? []
      : [
          `stale: ${[...answer.freshness.stale, ...answer.freshness.missing].join(', ')} — rerun proofmap scan`,
        ]),
  ];
  return `${lines.join('\n')}\n`;
}
