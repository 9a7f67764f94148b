/** `proofmap context <path|package>`: zone, owners, documents, checks, neighbours, cycles. */
import path from 'node:path';
import { context } from '../../query/context.js';
import { openSession } from '../../query/session.js';
import { intOption, parse } from '../args.js';
import { UsageError } from '../errors.js';
import type { CommandResult, Io } from '../io.js';
import { help } from './impact.js';

const USAGE = 'usage: proofmap context <path|package> [--limit N] [--root DIR] [--json]';

export async function contextCommand(argv: string[], io: Io): Promise<CommandResult> {
  const { values, positionals } = parse(
    argv,
    { json: { type: 'boolean' }, root: { type: 'string' }, limit: { type: 'string' } },
    USAGE,
  );
  if (values.help) return help(io, USAGE);
  const [target] = positionals;
  if (target === undefined) throw new UsageError('context needs a path or package', { hint: USAGE });
  const session = openSession(path.resolve(io.cwd, String(values.root ?? '.')));
  try {
    const answer = context(session, target, {
      limit: intOption(values.limit as string | undefined, 'limit', 25),
    });
    if (values.json) {
      io.stdout.write(`${JSON.stringify(answer, null, 2)}\n`);
      return { exitCode: 0 };
    }
    const c = answer.items[0]!;
    const list = (title: string, rows: string[], total = rows.length) => [
      `${title} (${total}):`,
      ...(rows.length ? rows.map((r) => `  ${r}`) : ['  (none)']),
    ];
    const lines = [
      `context of ${c.target.paths.join(', ')}: zone ${c.zone?.label ?? '?'}, severity ${c.severity}`,
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
    io.stdout.write(`${lines.join('\n')}\n`);
  } finally {
    session.close();
  }
  return { exitCode: 0 };
}
