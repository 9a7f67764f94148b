/** `proofmap changes [--base REV]`: changed files, their dependents and severity, checks to run. */
import { changes } from '../../query/changes.js';
import { renderEnvelope } from '../../query/render.js';
import type { CommandResult, Io } from '../io.js';
import { limitOption, PAGE_FLAGS, querySpec, runQueryCommand } from '../query-command.js';
import { type CommandSpec, DIR_NOTE } from '../spec.js';

export const SPEC: CommandSpec = querySpec({
  name: 'changes',
  args: '[dir]',
  summary: 'Files changed in git (against --base), their dependents, severity and the checks to run.',
  notes: [DIR_NOTE],
  options: {
    ...PAGE_FLAGS,
    ...limitOption(100),
    base: {
      type: 'string',
      value: 'REV',
      default: 'the working tree against HEAD',
      description: 'the git revision to compare with',
    },
  },
  examples: ['proofmap changes', 'proofmap changes --base origin/main --json'],
});

export const changesCommand = (argv: string[], io: Io): Promise<CommandResult> =>
  runQueryCommand(
    {
      spec: SPEC,
      answer: (session, a) =>
        changes(session, {
          ...(typeof a.values.base === 'string' ? { base: a.values.base } : {}),
          limit: a.limit(100),
          ...(a.cursor ? { cursor: a.cursor } : {}),
        }),
      render: (answer) => {
        const text = renderEnvelope(
          answer,
          (f) =>
            `${f.path}  ${f.state === 'new' ? 'not in map' : `${f.severity}, ${f.dependents} dependents`}`,
          [`changes since ${answer.base}:`],
        );
        const checks = answer.checks.map((c) => `  run: ${c.run}  [${c.source}]`);
        return text + (checks.length > 0 ? `checks:\n${checks.join('\n')}\n` : '');
      },
    },
    argv,
    io,
  );
