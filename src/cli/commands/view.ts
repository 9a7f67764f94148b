/**
 * `proofmap view [dir] [--out .proofmap/map.html] [--open]`: writes the map as one
 * self-contained HTML page. This file does the I/O (read map.json and the page bundle, write the
 * page atomically, open a browser); src/view/render.ts turns data into HTML.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { suggestAreas } from '../../graph/areas.js';
import { computeSignals } from '../../graph/index.js';
import { mapPath, readMapFile, writeAtomic } from '../../map/emit.js';
import type { ProofMap } from '../../map/schema.js';
import { OUTPUT_DIR } from '../../model/constants.js';
import { InputError } from '../../model/errors.js';
import { type RenderInput, renderHtml } from '../../view/render.js';
import { parse } from '../args.js';
import type { CommandResult, Io } from '../io.js';

const USAGE = 'usage: proofmap view [dir] [--out .proofmap/map.html] [--open]';

export async function viewCommand(argv: string[], io: Io): Promise<CommandResult> {
  const { values, positionals } = parse(argv, { out: { type: 'string' }, open: { type: 'boolean' } }, USAGE);
  if (values.help) {
    io.stdout.write(`${USAGE}\n`);
    return { exitCode: 0 };
  }
  const root = path.resolve(io.cwd, positionals[0] ?? '.');
  const map = readMapFile(root);
  if (!map)
    throw new InputError(`no valid map at ${mapPath(root)}`, {
      hint: `run proofmap scan ${positionals[0] ?? '.'} first`,
    });
  const out = path.resolve(
    root,
    typeof values.out === 'string' ? values.out : path.join(OUTPUT_DIR, 'map.html'),
  );
  const html = renderHtml({ map, pageScript: readPageScript(), ...signalsFor(map) });
  writeAtomic(out, html);
  io.stdout.write(`proofmap view: wrote ${out} (${map.nodes.length} nodes, ${map.edges.length} edges)\n`);
  if (values.open) openInBrowser(out, io);
  return { exitCode: 0 };
}

/**
 * Node size follows centrality (betweenness over the import view) from the graph signals, and
 * the suggested areas feed the page's optional areas layer. Both are computed here rather than
 * read from the index so that a map.json alone (say, a committed one) is enough to draw.
 */
function signalsFor(map: ProofMap): Pick<RenderInput, 'centrality' | 'areas'> {
  return { centrality: computeSignals(map).centrality.values, areas: suggestAreas(map) };
}

/**
 * The page bundle built by scripts/build-view.mjs: beside the compiled CLI (dist/view/page.js),
 * or, when running from src/ (tests), in the repository's dist/.
 */
function readPageScript(): string {
  const candidates = ['../../view/page.js', '../view/page.js', '../../../dist/view/page.js'].map((p) =>
    fileURLToPath(new URL(p, import.meta.url)),
  );
  for (const file of candidates) {
    try {
      return readFileSync(file, 'utf8');
    } catch {}
  }
  throw new InputError('the view page bundle (dist/view/page.js) is missing', {
    hint: 'run npm run build, which bundles it',
  });
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
