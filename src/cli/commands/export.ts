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
import { parse } from '../args.js';
import { UsageError } from '../errors.js';
import type { CommandResult, Io } from '../io.js';

const USAGE = 'usage: proofmap export --format scip [dir] [--out .proofmap/index.scip]';

export async function exportCommand(argv: string[], io: Io): Promise<CommandResult> {
  const { values, positionals } = parse(argv, { format: { type: 'string' }, out: { type: 'string' } }, USAGE);
  if (values.help) {
    io.stdout.write(`${USAGE}\n`);
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
  const result = exportScip(map, pathToFileURL(root).href);
  writeAtomic(out, Buffer.from(result.bytes));
  writeAtomic(`${out}.proofmap.json`, `${JSON.stringify(result.sidecar, null, 2)}\n`);
  io.stdout.write(
    `proofmap export: wrote ${out} (${result.documents} documents, ${result.occurrences} import occurrences) and ${out}.proofmap.json\n`,
  );
  return { exitCode: 0 };
}
