/** `proofmap context <path|package>`: zone, owners, documents, checks, neighbours, cycles. */
import { context } from '../../query/context.js';
import { intOption } from '../args.js';
import type { CommandResult, Io } from '../io.js';
import { limitOption, querySpec, runQueryCommand } from '../query-command.js';
import { type CommandSpec, DIR_NOTE } from '../spec.js';

export const SPEC: CommandSpec = querySpec({
  name: 'context',
  args: '<path|package> [dir]',
  summary: 'What to know before editing a file: zone, owners, documents to read, checks, neighbours, cycles.',
  notes: [DIR_NOTE, 'Answering records a consult marker for the file, which the edit gate looks for.'],
  options: {
    ...limitOption(25),
    hops: { type: 'string', value: 'N', default: '3', description: 'related files within N hops' },
  },
  examples: ['proofmap context src/core.ts', 'proofmap context @acme/api ../repo --json'],
});

export const contextCommand = (argv: string[], io: Io): Promise<CommandResult> =>
  runQueryCommand(
    {
      spec: SPEC,
      positionals: { count: 1, missing: 'context needs a path or package' },
      answer: (session, a) =>
        context(session, a.positionals[0]!, {
          limit: a.limit(25),
          hops: intOption(a.values.hops, 'hops', 3, { min: 1 }),
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
