/** `proofmap refs <symbol|path>`: every importer with file:line; the total is the true count. */
import { refs } from '../../query/refs.js';
import { renderEnvelope } from '../../query/render.js';
import { resolveTarget } from '../../query/target.js';
import type { CrossRef } from '../../store/pg/index.js';
import type { CommandResult, Io } from '../io.js';
import { limitOption, PAGE_FLAGS, querySpec, runQueryCommand } from '../query-command.js';
import { type CommandSpec, DIR_NOTE } from '../spec.js';

export const SPEC: CommandSpec = querySpec({
  name: 'refs',
  args: '<symbol|path> [dir]',
  summary: 'Every importer of a file or exported name, with file:line; the total is the true count.',
  notes: [DIR_NOTE],
  options: { ...PAGE_FLAGS, ...limitOption(100) },
  examples: ['proofmap refs scan', 'proofmap refs src/a.ts --limit 20 --json'],
});

export const refsCommand = (argv: string[], io: Io): Promise<CommandResult> =>
  runQueryCommand(
    {
      spec: SPEC,
      positionals: { count: 1, missing: 'refs needs a symbol or path' },
      answer: (session, a) =>
        refs(session, a.positionals[0]!, { limit: a.limit(100), ...(a.cursor ? { cursor: a.cursor } : {}) }),
      // Against the shared index, the imports of the target's package in the other repositories.
      across: async (answer, store, { positionals, session }) => {
        const target = resolveTarget(session, positionals[0]!, { symbols: true });
        const paths = target.nodes.flatMap((n) => (n.path ? [n.path] : []));
        const other = await store.crossRefs(paths, target.kind === 'symbol' ? target.name : undefined);
        if (!other) return answer;
        const notes =
          other.items.length > 0 && target.kind !== 'symbol'
            ? [
                'other repositories import the package, not a file: their imports are listed for any file in it (by symbol, only the imports naming it)',
              ]
            : [];
        return {
          ...answer,
          read: [...(answer.read ?? []), ...other.read],
          other_repos: { items: other.items, total: other.items.length },
          ...(notes.length + other.notes.length > 0
            ? { notes: [...(answer.notes ?? []), ...notes, ...other.notes] }
            : {}),
        };
      },
      render: (answer) => {
        const shared = answer as typeof answer & {
          other_repos?: { items: CrossRef[] };
          read?: { repo: string; commit: string; published_at: string }[];
        };
        const line = (r: {
          path: string;
          line?: number;
          relation: string;
          target: string;
          names: string[];
        }) =>
          `${r.path}:${r.line ?? '?'}  ${r.relation} ${r.target}${r.names.length ? ` {${r.names.join(', ')}}` : ''}`;
        const others = (shared.other_repos?.items ?? []).map((r) => `${r.repo}: ${line(r)}  (via ${r.via})`);
        const read = (shared.read ?? []).map(
          (r) => `  read ${r.repo}@${r.commit.slice(0, 12)} (published ${r.published_at})`,
        );
        return (
          renderEnvelope(answer, line) +
          (others.length > 0 ? `in other repositories:\n${others.join('\n')}\n` : '') +
          (read.length > 0 ? `${read.join('\n')}\n` : '')
        );
      },
    },
    argv,
    io,
  );
