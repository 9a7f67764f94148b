/** `proofmap search <text>`: paths, exported symbols and headings, ranked, folded on both sides. */
import { realRoot } from '../../discover/index.js';
import { renderEnvelope } from '../../query/render.js';
import { searchStore } from '../../query/search.js';
import { searchRepairing } from '../../search-run.js';
import { type IndexStore, openIndex, type SearchKind } from '../../store/index.js';
import { DB_ENV } from '../../store/pg/index.js';
import { choiceOption, intOption, parse, repoDir, targetsAndDir } from '../args.js';
import { UsageError } from '../errors.js';
import type { CommandResult, Io } from '../io.js';
import { limitOption, openQueryStore, PAGE_FLAGS, querySpec } from '../query-command.js';
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
  const opts = {
    limit: intOption(values.limit, 'limit', 20, { min: 1 }),
    ...(typeof values.cursor === 'string' ? { cursor: values.cursor } : {}),
    ...(kinds.length > 0 ? { kinds: kinds as SearchKind[] } : {}),
  };
  const url = typeof values.db === 'string' ? values.db : io.env[DB_ENV];
  const { answer, read } = url
    ? await searchShared(root, url, values, text, opts)
    : await searchLocal(root, text, opts);
  const shown = read ? { ...answer, read: [read] } : answer;
  if (values.json) io.stdout.write(`${JSON.stringify(shown, null, 2)}\n`);
  else
    io.stdout.write(
      renderEnvelope(
        answer,
        (h) =>
          `${h.kind.padEnd(8)} ${h.kind === 'path' ? h.path : `${h.name}  ${h.path}${h.line ? `:${h.line}` : ''}`}`,
      ) + (read ? `  read ${read.repo}@${read.commit.slice(0, 12)} (published ${read.published_at})\n` : ''),
    );
  return { exitCode: 0 };
}

type SearchOptions = Parameters<typeof searchStore>[2];

/** The local index, repaired by a full scan first when its search tables are damaged. */
async function searchLocal(root: string, text: string, opts: SearchOptions) {
  let store: IndexStore | undefined;
  const handle = {
    store: () => (store ??= openIndex(root, { readonly: true })),
    rebuilt: () => {
      store?.close();
      store = undefined;
    },
  };
  try {
    return { answer: await searchRepairing(root, handle, text, opts), read: undefined };
  } finally {
    handle.rebuilt();
  }
}

/** The shared index (--db): the snapshot's version first, which refuses an unpublished repository. */
async function searchShared(
  root: string,
  url: string,
  values: Parameters<typeof openQueryStore>[2],
  text: string,
  opts: SearchOptions,
) {
  const store = openQueryStore(root, url, values);
  try {
    await store.version();
    const answer = await searchStore(store, text, opts);
    return { answer, read: store.backend === 'postgres' ? store.read() : undefined };
  } finally {
    await store.close();
  }
}
