/** `proofmap impact <path|symbol>`: who depends on it, transitively, with severity. */
import { diagramOf } from '../../query/diagram.js';
import { impact } from '../../query/impact.js';
import { renderEnvelope } from '../../query/render.js';
import { intOption } from '../args.js';
import type { CommandResult, Io } from '../io.js';
import { PAGE_FLAGS, runQueryCommand } from '../query-command.js';

export const impactCommand = (argv: string[], io: Io): Promise<CommandResult> =>
  runQueryCommand(
    {
      usage:
        'usage: proofmap impact <path|symbol> [--depth N] [--limit N] [--visit-limit N] [--cursor C] [--root DIR] [--json|--format dot|mermaid]',
      flags: { ...PAGE_FLAGS, depth: { type: 'string' }, 'visit-limit': { type: 'string' } },
      positionals: { count: 1, missing: 'impact needs a path or symbol' },
      answer: (session, a) =>
        impact(session, a.positionals[0]!, {
          depth: intOption(a.values.depth as string | undefined, 'depth', Number.POSITIVE_INFINITY),
          limit: a.limit(50),
          visitLimit: intOption(a.values['visit-limit'] as string | undefined, 'visit-limit', 10_000),
          ...(a.cursor ? { cursor: a.cursor } : {}),
        }),
      // Each dependent points at the file its edge imports, so the drawing reads as "depends on".
      diagram: (answer, session) => {
        const edges = new Map(session.map.edges.map((e) => [e.id, e]));
        return diagramOf(
          `impact of ${answer.target.paths.join(', ')}`,
          answer.items.flatMap((i) => {
            const to = session.node(edges.get(i.edge)?.to ?? '')?.path;
            return to ? [{ from: i.path, to, label: i.relation }] : [];
          }),
          answer.target.paths,
        );
      },
      render: (answer) => {
        const header = [
          `impact of ${answer.target.paths.join(', ')}${answer.target.paths_total > answer.target.paths.length ? ` and ${answer.target.paths_total - answer.target.paths.length} more` : ''}: severity ${answer.severity}, ${answer.total} dependents`,
        ];
        const text = renderEnvelope(
          answer,
          (i) => `${i.depth}  ${i.path}  (${i.relation}, ${i.severity})`,
          header,
        );
        const mentions = answer.mentions.map(
          (m) => `  mentioned in ${m.path}${m.line ? `:${m.line}` : ''} (${m.relation})`,
        );
        return text + (mentions.length > 0 ? `${mentions.join('\n')}\n` : '');
      },
    },
    argv,
    io,
  );

export function help(io: Io, usage: string): CommandResult {
  io.stdout.write(`${usage}\n`);
  return { exitCode: 0 };
}
