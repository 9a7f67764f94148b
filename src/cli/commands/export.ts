/**
 * `proofmap export --format scip [dir] [--out .proofmap/index.scip]`: the map as a SCIP index
 * for Sourcegraph, plus `<out>.proofmap.json`, the sidecar with what SCIP cannot carry.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { exportScip } from '../../export/scip.js';
import { mapPath, readMapFile, writeAtomic } from '../../map/emit.js';
import { OUTPUT_DIR } from '../../model/constants.js';
import { InputError } from '../../model/errors.js';
import { readRepoFile } from '../../store/read-file.js';
import { parse } from '../args.js';
import { UsageError } from '../errors.js';
import type { CommandResult, Io } from '../io.js';
import { type CommandSpec, DIR_NOTE, helpText, JSON_OPTION, usageLine } from '../spec.js';

export const SPEC: CommandSpec = {
  name: 'export',
  args: '[dir]',
  summary: 'Write the map as a SCIP index (Sourcegraph), with a sidecar for what SCIP cannot carry.',
  notes: [DIR_NOTE],
  options: {
    ...JSON_OPTION,
    format: { type: 'string', value: 'scip', description: 'the export format (only scip)' },
    out: {
      type: 'string',
      value: 'FILE',
      default: '.proofmap/index.scip',
      description: 'where the index goes; the sidecar is <FILE>.proofmap.json',
    },
  },
  examples: [
    'proofmap export --format scip',
    'proofmap export ../repo --format scip --out index.scip --json',
  ],
};
const USAGE = usageLine(SPEC);

export async function exportCommand(argv: string[], io: Io): Promise<CommandResult> {
  const { values, positionals } = parse(argv, SPEC);
  if (values.help) {
    io.stdout.write(helpText(SPEC));
    return { exitCode: 0 };
  }
  if (values.format !== 'scip') throw new UsageError('export needs --format scip', { hint: USAGE });
  const root = path.resolve(io.cwd, positionals[0] ?? '.');
  const map = readMapFile(root);
  if (!map)
    throw new InputError(`no valid map at ${mapPath(root)}`, {
      hint: `run proofmap scan ${positionals[0] ?? '.'} first`,
    });
  const out = path.resolve(
    root,
    typeof values.out === 'string' ? values.out : path.join(OUTPUT_DIR, 'index.scip'),
  );
  const result = exportScip(map, pathToFileURL(root).href, { readText: (rel) => readRepoFile(root, rel) });
  writeAtomic(out, Buffer.from(result.bytes));
  writeAtomic(`${out}.proofmap.json`, `${JSON.stringify(result.sidecar, null, 2)}\n`);
  const summary = {
    index: out,
    sidecar: `${out}.proofmap.json`,
    documents: result.documents,
    occurrences: result.occurrences,
    definitions: result.definitions,
  };
  io.stdout.write(
    values.json
      ? `${JSON.stringify(summary, null, 2)}\n`
      : `proofmap export: wrote ${out} (${result.documents} documents, ${result.occurrences} import and ${result.definitions} definition occurrences) and ${summary.sidecar}\n`,
  );
  return { exitCode: 0 };
}
