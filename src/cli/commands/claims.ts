/**
 * `proofmap claims [files…] [--strict] [--format text|json|sarif] [--root dir]`: checks what docs
 * and agent-context files claim against the code. Read-only: it scans in-process without writing
 * anything (no .proofmap/ is created) and reads files only inside the root.
 */
import path from 'node:path';
import {
  blocked,
  type ClaimsReport,
  claimsRepoFromMap,
  defaultClaimFiles,
  gateExitCode,
  investigate,
  renderSarif,
  renderText,
} from '../../claims/index.js';
import { realRoot } from '../../discover/contain.js';
import type { ProofMap } from '../../map/schema.js';
import { InputError } from '../../model/errors.js';
import { relativeToRoot } from '../../model/paths.js';
import { scan } from '../../scan.js';
import { repoFiles } from '../../store/repo-files.js';
import { parse } from '../args.js';
import { UsageError } from '../errors.js';
import type { CommandResult, Io } from '../io.js';

const USAGE = 'usage: proofmap claims [files…] [--strict] [--format text|json|sarif] [--root dir]';

export async function claimsCommand(argv: string[], io: Io): Promise<CommandResult> {
  const { values, positionals } = parse(
    argv,
    {
      strict: { type: 'boolean' },
      format: { type: 'string' },
      root: { type: 'string' },
      json: { type: 'boolean' },
    },
    USAGE,
  );
  if (values.help) {
    io.stdout.write(`${USAGE}\n`);
    return { exitCode: 0 };
  }
  const format = values.json ? 'json' : String(values.format ?? 'text');
  if (!['text', 'json', 'sarif'].includes(format))
    throw new UsageError(`--format must be text, json or sarif, got "${format}"`);
  const report = await buildReport(path.resolve(io.cwd, String(values.root ?? '.')), positionals, io.cwd);
  if (format === 'json') io.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
  else if (format === 'sarif') io.stdout.write(`${JSON.stringify(renderSarif(report), null, 2)}\n`);
  else io.stdout.write(renderText(report));
  return { exitCode: gateExitCode(report, values.strict === true) };
}

async function buildReport(dir: string, named: string[], cwd: string): Promise<ClaimsReport> {
  let root: string;
  try {
    root = realRoot(dir);
  } catch {
    return blocked(
      'repository',
      `${dir} is not a readable directory`,
      'run it inside a repository or pass --root',
    );
  }
  const limitations: string[] = [];
  let map: ProofMap;
  try {
    map = await currentMap(root);
  } catch (error) {
    return blocked(
      'map',
      `the repository could not be scanned: ${(error as Error).message}`,
      'run proofmap scan and fix what it reports',
    );
  }
  const files = repoFiles(root);
  const repo = claimsRepoFromMap({ map, textOf: files.textOf, escapes: files.escapes });
  const paths = named.length > 0 ? named.map((f) => repoPath(root, cwd, f)) : defaultClaimFiles(repo.files);
  const documents = new Map<string, string>();
  for (const p of paths) {
    const text = files.textOf(p);
    if (text === undefined) {
      if (named.length > 0)
        throw new InputError(`${p}: cannot read it inside the repository`, {
          hint: 'name a Markdown file in the repository',
        });
      limitations.push(`${p} could not be read`);
    } else documents.set(p, text);
  }
  if (documents.size === 0) limitations.push('no documents to read: none of the default files exist');
  return investigate({ repo, documents, limitations });
}

/**
 * Always a fresh scan in memory (write: false). The index's map would be faster, but its freshness
 * check sees only files it already knows: a file added since would be missing, and a claim about
 * it falsely contradicted. Correct first; reuse the index when it can list new files too.
 */
async function currentMap(root: string): Promise<ProofMap> {
  return (await scan({ root, write: false })).map;
}

function repoPath(root: string, cwd: string, file: string): string {
  const rel = relativeToRoot(root, path.resolve(cwd, file));
  if (rel === undefined || rel === '') throw new InputError(`${file} is outside the repository ${root}`);
  return rel;
}
