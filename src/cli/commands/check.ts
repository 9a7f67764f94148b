/**
 * `proofmap check [dir]`: the declared structure (proofmap.config.*) against the graph. It scans
 * first, in-process, every time: the scan reuses cached facts from the index and rewrites an
 * unchanged map byte for byte, so the answer is never about a stale map. `--no-scan` checks the
 * existing .proofmap/map.json as it is.
 */
import path from 'node:path';
import { checkup, skippedResult } from '../../checkup/index.js';
import { githubReport } from '../../checkup/report-github.js';
import { sarifReport } from '../../checkup/report-sarif.js';
import { textReport } from '../../checkup/report-text.js';
import type { CheckMode } from '../../checkup/types.js';
import { loadConfig } from '../../discover/config.js';
import { readMapFile } from '../../map/emit.js';
import { VERSION } from '../../map/version.js';
import { InputError } from '../../model/errors.js';
import { scan } from '../../scan.js';
import { parse } from '../args.js';
import { UsageError } from '../errors.js';
import type { CommandResult, Io } from '../io.js';
import { progress } from '../progress.js';

const USAGE =
  'usage: proofmap check [dir] [--format text|json|sarif|github] [--check throw|warn|off] [--no-scan]';
const FORMATS = ['text', 'json', 'sarif', 'github'] as const;
const MODES = ['throw', 'warn', 'off'] as const;

function choice<T extends string>(value: unknown, allowed: readonly T[], name: string): T {
  if (value === undefined) return allowed[0]!;
  if (typeof value === 'string' && (allowed as readonly string[]).includes(value)) return value as T;
  throw new UsageError(`--${name} must be one of ${allowed.join(', ')}, got "${String(value)}"`, {
    hint: USAGE,
  });
}

export async function checkCommand(argv: string[], io: Io): Promise<CommandResult> {
  const { values, positionals } = parse(
    argv,
    { format: { type: 'string' }, check: { type: 'string' }, 'no-scan': { type: 'boolean' } },
    USAGE,
  );
  if (values.help) {
    io.stdout.write(
      `${USAGE}\n\nExit codes: 0 ok (warnings only), 1 errors (with --check throw, the default), 2 bad config or input.\n`,
    );
    return { exitCode: 0 };
  }
  const format = choice(values.format, FORMATS, 'format');
  const mode: CheckMode = choice(values.check, MODES, 'check');
  const root = path.resolve(io.cwd, positionals[0] ?? '.');
  // Config first: a bad config is exit 2 before any scanning work.
  const loaded = loadConfig(root);
  let map = undefined as ReturnType<typeof readMapFile>;
  if (mode !== 'off') {
    if (values['no-scan']) {
      map = readMapFile(root);
      if (!map)
        throw new InputError(`no valid .proofmap/map.json in ${root}`, {
          hint: 'run proofmap scan first, or drop --no-scan',
        });
    } else {
      const show = progress(io);
      map = (await scan({ root, onProgress: show.stage })).map;
      show.done();
    }
  }
  const result = map
    ? checkup(map, loaded.config, {
        ...(loaded.file ? { configFile: loaded.file } : {}),
        lineOf: loaded.lineOf,
        mode: 'warn',
      })
    : skippedResult();
  const output =
    format === 'json'
      ? `${JSON.stringify(result, null, 2)}\n`
      : format === 'sarif'
        ? sarifReport(result, VERSION)
        : format === 'github'
          ? githubReport(result)
          : textReport(result);
  io.stdout.write(output);
  return { exitCode: mode === 'throw' && !result.ok ? 1 : 0 };
}
