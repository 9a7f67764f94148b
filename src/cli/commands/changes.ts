/** `proofmap changes [--base REV]`: changed files, their dependents and severity, checks to run. */
import { changes } from '../../query/changes.js';
import { renderEnvelope } from '../../query/render.js';
import type { CommandResult, Io } from '../io.js';
import { PAGE_FLAGS, runQueryCommand } from '../query-command.js';

export const changesCommand = (argv: string[], io: Io): Promise<CommandResult> =>
  runQueryCommand(
    {
      usage: 'usage: proofmap changes [--base REV] [--limit N] [--cursor C] [--root DIR] [--json]',
      flags: { ...PAGE_FLAGS, base: { type: 'string' } },
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
