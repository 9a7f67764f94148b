/** `proofmap search <text>`: paths, exported symbols and headings, ranked, folded on both sides. */
import { realRoot } from '../../discover/index.js';
import { InputError } from '../../model/errors.js';
import { renderEnvelope } from '../../query/render.js';
import { searchIndex } from '../../query/search.js';
import { openIndex, type SearchKind } from '../../store/index.js';
import { choiceOption, intOption, parse, repoDir, targetsAndDir } from '../args.js';
import { UsageError } from '../errors.js';
import type { CommandResult, Io } from '../io.js';
import { limitOption, PAGE_FLAGS, querySpec } from '../query-command.js';
import { type CommandSpec, DIR_NOTE, helpText, usageLine } from '../spec.js';

const KINDS = ['path', 'symbol', 'heading'] as const;

export const SPEC: CommandSpec = querySpec({
  name: 'search',
  args: '<text> [dir]',
  summary:
    'Paths, exported symbols and document headings matching some words, ranked; accents and case folded.',
  notes: [DIR_NOTE, 'Quote several words: proofmap search "open session".'],
  options: {
    ...PAGE_FLAGS,
    ...limitOption(20),
    kind: {
      type: 'string',
      value: KINDS.join('|'),
      multiple: true,
      default: 'all three',
      description: 'only hits of this kind',
    },
  },
  examples: ['proofmap search scan', 'proofmap search "open session" --kind symbol --json'],
});

export async function searchCommand(argv: string[], io: Io): Promise<CommandResult> {
  const parsed = parse(argv, SPEC);
  const { values } = parsed;
  if (values.help) {
    io.stdout.write(helpText(SPEC));
    return { exitCode: 0 };
  }
  const { targets, dir } = targetsAndDir(parsed, SPEC, 1, 'search needs some text');
  const text = targets[0]!.trim();
  if (!text) throw new UsageError('search needs some text', { hint: usageLine(SPEC) });
  const kinds = ((values.kind as string[] | undefined) ?? []).map((k) =>
    choiceOption(k, 'kind', KINDS, 'path'),
  );
  const root = realRoot(repoDir(io, dir, 'search'));
  const store = openIndex(root, { readonly: true });
  try {
    if (store.epoch() === 0)
      throw new InputError(`no proofmap index in ${root}`, { hint: 'run `proofmap scan` first' });
    const answer = searchIndex(store, text, {
      limit: intOption(values.limit, 'limit', 20, { min: 1 }),
      ...(typeof values.cursor === 'string' ? { cursor: values.cursor } : {}),
      ...(kinds.length > 0 ? { kinds: kinds as SearchKind[] } : {}),
    });
    if (values.json) io.stdout.write(`${JSON.stringify(answer, null, 2)}\n`);
    else
      io.stdout.write(
        renderEnvelope(
          answer,
          (h) =>
            `${h.kind.padEnd(8)} ${h.kind === 'path' ? h.path : `${h.name}  ${h.path}${h.line ? `:${h.line}` : ''}`}`,
        ),
      );
  } finally {
    store.close();
  }
  return { exitCode: 0 };
}
