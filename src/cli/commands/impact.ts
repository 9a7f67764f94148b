/** `proofmap impact <path|symbol>`: who depends on it, transitively, with severity. */
import { diagramOf } from '../../query/diagram.js';
import { impact } from '../../query/impact.js';
import { renderEnvelope } from '../../query/render.js';
import { intOption } from '../args.js';
import type { CommandResult, Io } from '../io.js';
import { limitOption, PAGE_FLAGS, querySpec, runQueryCommand } from '../query-command.js';
import { type CommandSpec, DIR_NOTE } from '../spec.js';

export const SPEC: CommandSpec = querySpec(
  {
    name: 'impact',
    args: '<path|symbol> [dir]',
    summary: 'Who depends on a file or exported symbol, transitively, with the severity of an edit.',
    notes: [
      DIR_NOTE,
      'Answering records a consult marker for the file, which the edit gate (proofmap gate) looks for.',
    ],
    options: {
      ...PAGE_FLAGS,
      ...limitOption(50),
      depth: {
        type: 'string',
        value: 'N',
        default: 'unlimited',
        description: 'follow dependents at most N steps (at least 1)',
      },
      'visit-limit': {
        type: 'string',
        value: 'N',
        default: '10000',
        description: 'stop the walk after visiting N files',
      },
    },
    examples: ['proofmap impact src/core.ts', 'proofmap impact src/core.ts ../repo --depth 2 --json'],
  },
  true,
);

export const impactCommand = (argv: string[], io: Io): Promise<CommandResult> =>
  runQueryCommand(
    {
      spec: SPEC,
      positionals: { count: 1, missing: 'impact needs a path or symbol' },
      answer: (session, a) =>
        impact(session, a.positionals[0]!, {
          depth: intOption(a.values.depth, 'depth', Number.POSITIVE_INFINITY, { min: 1 }),
          limit: a.limit(50),
          visitLimit: intOption(a.values['visit-limit'], 'visit-limit', 10_000, { min: 1 }),
          ...(a.cursor ? { cursor: a.cursor } : {}),
        }),
      // Against the shared index, the repositories that depend on the target's package too.
      across: async (answer, store, { values }) => {
        const other = await store.crossImpact(answer.target.paths, {
          depth: intOption(values.depth as string | undefined, 'depth', Number.POSITIVE_INFINITY),
          visitLimit: intOption(values['visit-limit'] as string | undefined, 'visit-limit', 10_000),
        });
        if (!other) return answer;
        return {
          ...answer,
          read: [...(answer.read ?? []), ...other.read],
          other_repos: { items: other.items, total: other.items.length },
          ...(other.notes.length > 0 ? { notes: [...(answer.notes ?? []), ...other.notes] } : {}),
        };
      },
      // Each dependent points at the file its edge imports, so the drawing reads as "depends on".
      diagram: (answer, session) => {
        return diagramOf(
          `impact of ${answer.target.paths.join(', ')}`,
          answer.items.flatMap((i) => {
            // The listed items' edges alone: a CLI session reads an edge's row when asked for it.
            const to = session.node(session.edge(i.edge)?.to ?? '')?.path;
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
        const shared = answer as typeof answer & {
          other_repos?: { items: { repo: string; path: string; depth: number; via: string }[] };
          read?: { repo: string; commit: string; published_at: string }[];
        };
        const others = (shared.other_repos?.items ?? []).map(
          (i) => `${i.depth}  ${i.repo}: ${i.path}  (via ${i.via})`,
        );
        const read = (shared.read ?? []).map(
          (r) => `  read ${r.repo}@${r.commit.slice(0, 12)} (published ${r.published_at})`,
        );
        return (
          text +
          (mentions.length > 0 ? `${mentions.join('\n')}\n` : '') +
          (others.length > 0 ? `in other repositories:\n${others.join('\n')}\n` : '') +
          (read.length > 0 ? `${read.join('\n')}\n` : '')
        );
      },
    },
    argv,
    io,
  );

export function help(io: Io, usage: string): CommandResult {
  io.stdout.write(`${usage}\n`);
  return { exitCode: 0 };
}
