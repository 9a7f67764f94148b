/**
 * `proofmap check [dir]`: the declared structure (proofmap.config.*) against the graph. It scans
 * first, in-process, every time: the scan reuses cached facts from the index and rewrites an
 * unchanged map byte for byte, so the answer is never about a stale map. `--no-scan` checks the
 * existing .proofmap/map.json as it is.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { applyBaseline, type Baseline, baselineOf, parseBaseline } from '../../checkup/baseline.js';
import { checkup, skippedResult } from '../../checkup/index.js';
import { githubReport } from '../../checkup/report-github.js';
import { sarifReport } from '../../checkup/report-sarif.js';
import { textReport } from '../../checkup/report-text.js';
import type { CheckMode, CheckupResult } from '../../checkup/types.js';
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
  'usage: proofmap check [dir] [--format text|json|sarif|github] [--check throw|warn|off] [--no-scan] [--baseline file] [--update-baseline]';
const DEFAULT_BASELINE = '.proofmap/baseline.json';
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
    {
      format: { type: 'string' },
      check: { type: 'string' },
      'no-scan': { type: 'boolean' },
      baseline: { type: 'string' },
      'update-baseline': { type: 'boolean' },
    },
    USAGE,
  );
  if (values.help) {
    io.stdout.write(
      `${USAGE}\n\n  --baseline file      report only violations not in this baseline (default when updating: ${DEFAULT_BASELINE})\n  --update-baseline    write every current violation to the baseline and exit 0\n\nExit codes: 0 ok (warnings only), 1 errors (with --check throw, the default), 2 bad config or input.\n`,
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
  const checked = map
    ? checkup(map, loaded.config, {
        ...(loaded.file ? { configFile: loaded.file } : {}),
        lineOf: loaded.lineOf,
        mode: 'warn',
      })
    : skippedResult();
  const baselineFile = path.resolve(
    root,
    typeof values.baseline === 'string' ? values.baseline : DEFAULT_BASELINE,
  );
  if (values['update-baseline']) {
    mkdirSync(path.dirname(baselineFile), { recursive: true });
    const baseline = baselineOf(checked);
    writeFileSync(baselineFile, `${JSON.stringify(baseline, null, 2)}\n`);
    io.stdout.write(
      `proofmap check: wrote ${checked.problems.length} violation${checked.problems.length === 1 ? '' : 's'} (${baseline.violations.length} distinct) to ${path.relative(io.cwd, baselineFile) || baselineFile}\n`,
    );
    return { exitCode: 0 };
  }
  const result: CheckupResult & { baselined?: number } =
    typeof values.baseline === 'string' ? applyBaseline(checked, readBaseline(baselineFile)) : checked;
  const output =
    format === 'json'
      ? `${JSON.stringify(result, null, 2)}\n`
      : format === 'sarif'
        ? sarifReport(result, VERSION)
        : format === 'github'
          ? githubReport(result)
          : textReport(result) +
            (result.baselined
              ? `${result.baselined} known violation${result.baselined === 1 ? '' : 's'} in the baseline not shown.\n`
              : '');
  io.stdout.write(output);
  return { exitCode: mode === 'throw' && !result.ok ? 1 : 0 };
}

function readBaseline(file: string): Baseline {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (cause) {
    throw new InputError(`cannot read baseline ${file}`, { cause, hint: 'write one with --update-baseline' });
  }
  try {
    return parseBaseline(text);
  } catch (cause) {
    throw new InputError(`${file}: ${(cause as Error).message}`, {
      cause,
      hint: 'rewrite it with --update-baseline',
    });
  }
}
