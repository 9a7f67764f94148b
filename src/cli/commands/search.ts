/** `proofmap search <text>`: paths, exported symbols and headings, ranked, folded on both sides. */
import path from 'node:path';
import { realRoot } from '../../discover/index.js';
import { InputError } from '../../model/errors.js';
import { renderEnvelope } from '../../query/render.js';
import { searchIndex } from '../../query/search.js';
import { openIndex, type SearchKind } from '../../store/index.js';
import { intOption, parse } from '../args.js';
import { UsageError } from '../errors.js';
import type { CommandResult, Io } from '../io.js';
import { help } from './impact.js';

const USAGE =
  'usage: proofmap search <text> [--kind path|symbol|heading] [--limit N] [--cursor C] [--root DIR] [--json]';
const KINDS = new Set(['path', 'symbol', 'heading']);

export async function searchCommand(argv: string[], io: Io): Promise<CommandResult> {
  const { values, positionals } = parse(
    argv,
    {
      json: { type: 'boolean' },
      root: { type: 'string' },
      kind: { type: 'string', multiple: true },
      limit: { type: 'string' },
      cursor: { type: 'string' },
    },
    USAGE,
  );
  if (values.help) return help(io, USAGE);
  const text = positionals.join(' ').trim();
  if (!text) throw new UsageError('search needs some text', { hint: USAGE });
  const kinds = (values.kind as string[] | undefined) ?? [];
  for (const k of kinds)
    if (!KINDS.has(k)) throw new UsageError(`--kind must be path, symbol or heading, got "${k}"`);
  const root = realRoot(path.resolve(io.cwd, String(values.root ?? '.')));
  const store = openIndex(root, { readonly: true });
  try {
    if (store.epoch() === 0)
      throw new InputError(`no proofmap index in ${root}`, { hint: 'run `proofmap scan` first' });
    const answer = searchIndex(store, text, {
      limit: intOption(values.limit as string | undefined, 'limit', 20),
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
