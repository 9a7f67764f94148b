/**
 * `proofmap view [dir] [--out .proofmap/map.html] [--open]`: writes the map as one
 * self-contained HTML page. This file does the I/O (read map.json and the page bundle, write the
 * page atomically, open a browser); src/view/render.ts turns data into HTML.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { suggestAreas } from '../../graph/areas.js';
import { mapPath, readMapFile, writeAtomic } from '../../map/emit.js';
import { OUTPUT_DIR } from '../../model/constants.js';
import { InputError } from '../../model/errors.js';
import { renderView } from '../../view/page-file.js';
import { onlyDir, parse, repoDir } from '../args.js';
import type { CommandResult, Io } from '../io.js';
import { type CommandSpec, DIR_NOTE, helpText } from '../spec.js';

export const SPEC: CommandSpec = {
  name: 'view',
  args: '[dir]',
  summary:
    'Write the map as one self-contained HTML page (no network); above 1,500 nodes it opens on the package graph.',
  notes: [DIR_NOTE, 'Needs a scanned map: run proofmap scan first.'],
  options: {
    json: { type: 'boolean', description: 'print what was written (file, bytes, nodes, edges) as JSON' },
    out: {
      type: 'string',
      value: 'FILE',
      default: '.proofmap/map.html',
      description: 'where to write the page, relative to [dir]',
    },
    open: { type: 'boolean', description: 'open the page in the default browser' },
  },
  examples: ['proofmap view', 'proofmap view ../repo --out map.html --open'],
};

export async function viewCommand(argv: string[], io: Io): Promise<CommandResult> {
  const { values, positionals } = parse(argv, SPEC);
  if (values.help) {
    io.stdout.write(helpText(SPEC));
    return { exitCode: 0 };
  }
  const given = onlyDir(positionals, SPEC);
  const root = repoDir(io, given, 'view');
  const map = readMapFile(root);
  if (!map)
    throw new InputError(`no valid map at ${mapPath(root)}`, {
      hint: `run proofmap scan ${given ?? '.'} first`,
    });
  const out = path.resolve(
    root,
    typeof values.out === 'string' ? values.out : path.join(OUTPUT_DIR, 'map.html'),
  );
  // The suggested areas feed the page's optional areas layer.
  const html = renderView(map, { areas: suggestAreas(map) });
  writeAtomic(out, html);
  const bytes = Buffer.byteLength(html);
  io.stdout.write(
    values.json
      ? `${JSON.stringify({ file: out, bytes, nodes: map.nodes.length, edges: map.edges.length })}\n`
      : `proofmap view: wrote ${out} (${map.nodes.length} nodes, ${map.edges.length} edges, ${(bytes / 1e6).toFixed(1)} MB)\n`,
  );
  if (values.open) openInBrowser(out, io);
  return { exitCode: 0 };
}

function openInBrowser(file: string, io: Io): void {
  const [cmd, args] =
    process.platform === 'darwin'
      ? ['open', [file]]
      : process.platform === 'win32'
        ? ['cmd', ['/c', 'start', '', file]]
        : ['xdg-open', [file]];
  const child = spawn(cmd, args as string[], { detached: true, stdio: 'ignore' });
  child.on('error', () => io.stderr.write(`proofmap view: could not start ${cmd}; open ${file} yourself\n`));
  child.unref();
}
