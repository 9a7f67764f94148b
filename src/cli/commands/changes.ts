/** `proofmap changes [--base REV]`: changed files, their dependents and severity, checks to run. */
import path from 'node:path';
import { changes } from '../../query/changes.js';
import { renderEnvelope } from '../../query/render.js';
import { openSession } from '../../query/session.js';
import { intOption, parse } from '../args.js';
import type { CommandResult, Io } from '../io.js';
import { help } from './impact.js';

const USAGE = 'usage: proofmap changes [--base REV] [--limit N] [--cursor C] [--root DIR] [--json]';

export async function changesCommand(argv: string[], io: Io): Promise<CommandResult> {
  const { values } = parse(
    argv,
    {
      json: { type: 'boolean' },
      root: { type: 'string' },
      base: { type: 'string' },
      limit: { type: 'string' },
      cursor: { type: 'string' },
    },
    USAGE,
  );
  if (values.help) return help(io, USAGE);
  const session = openSession(path.resolve(io.cwd, String(values.root ?? '.')));
  try {
    const answer = changes(session, {
      ...(typeof values.base === 'string' ? { base: values.base } : {}),
      limit: intOption(values.limit as string | undefined, 'limit', 100),
      ...(typeof values.cursor === 'string' ? { cursor: values.cursor } : {}),
    });
    if (values.json) io.stdout.write(`${JSON.stringify(answer, null, 2)}\n`);
    else {
      const text = renderEnvelope(
        answer,
        (f) => `${f.path}  ${f.state === 'new' ? 'not in map' : `${f.severity}, ${f.dependents} dependents`}`,
        [`changes since ${answer.base}:`],
      );
      const checks = answer.checks.map((c) => `  run: ${c.run}  [${c.source}]`);
      io.stdout.write(text + (checks.length > 0 ? `checks:\n${checks.join('\n')}\n` : ''));
    }
  } finally {
    session.close();
  }
  return { exitCode: 0 };
}
