/**
 * `proofmap check [dir]`: the declared structure (proofmap.config.*) against the graph. It scans
 * first, in-process, every time: the scan reuses cached facts from the index and rewrites an
 * unchanged map byte for byte, so the answer is never about a stale map. `--no-scan` checks the
 * existing .proofmap/map.json as it is.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { applyBaseline, type Baseline, baselineOf, parseBaseline } from '../../checkup/baseline.js';
import { checkup, skippedResult } from '../../checkup/index.js';
import { githubReport } from '../../checkup/report-github.js';
import { sarifReport } from '../../checkup/report-sarif.js';
import { textReport } from '../../checkup/report-text.js';
import type { CheckMode, CheckupResult } from '../../checkup/types.js';
import { loadConfig } from '../../discover/config.js';
import { READ_CAP_BYTES, readRegularFile } from '../../discover/safe-read.js';
import { readMapFile } from '../../map/emit.js';
import { VERSION } from '../../map/version.js';
import { InputError } from '../../model/errors.js';
import { scan } from '../../scan.js';
import { choiceOption, formatOption, onlyDir, parse, repoDir } from '../args.js';
import type { CommandResult, Io } from '../io.js';
import { progress } from '../progress.js';
import { type CommandSpec, DIR_NOTE, formatOptions, helpText } from '../spec.js';

const DEFAULT_BASELINE = '.proofmap/baseline.json';
const FORMATS = ['text', 'json', 'sarif', 'github'] as const;
const MODES = ['throw', 'warn', 'off'] as const;

export const SPEC: CommandSpec = {
  name: 'check',
  args: '[dir]',
  summary: 'Check the declared structure (proofmap.config.*) against the graph: rules, entries, cycles.',
  notes: [
    DIR_NOTE,
    'It scans first (reusing cached facts), so the answer is never about a stale map.',
    'Exit codes: 0 ok (warnings only), 1 errors (with --check throw, the default), 2 bad config or input.',
  ],
  options: {
    ...formatOptions(FORMATS),
    check: {
      type: 'string',
      value: MODES.join('|'),
      default: 'throw',
      description: 'throw: exit 1 on errors; warn: report only; off: skip',
    },
    'no-scan': { type: 'boolean', description: 'check the existing .proofmap/map.json as it is' },
    baseline: {
      type: 'string',
      value: 'FILE',
      description: `report only violations not in this baseline (written by --update-baseline; default there: ${DEFAULT_BASELINE})`,
    },
    'update-baseline': {
      type: 'boolean',
      description: 'write every current violation to the baseline (sorted, stable) and exit 0',
    },
  },
  examples: [
    'proofmap check',
    'proofmap check ../repo --format sarif > check.sarif',
    'proofmap check --no-scan --json',
    'proofmap check --update-baseline',
  ],
};

export async function checkCommand(argv: string[], io: Io): Promise<CommandResult> {
  const { values, positionals } = parse(argv, SPEC);
  if (values.help) {
    io.stdout.write(helpText(SPEC));
    return { exitCode: 0 };
  }
  const format = formatOption(values, FORMATS);
  const mode: CheckMode = choiceOption(values.check, 'check', MODES, 'throw');
  const root = repoDir(io, onlyDir(positionals, SPEC), 'check');
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
  const read = readRegularFile(file, READ_CAP_BYTES);
  if (!read.ok)
    throw new InputError(`cannot read baseline ${file} (${read.reason}: ${read.detail})`, {
      hint: 'write one with --update-baseline',
    });
  text = read.bytes.toString('utf8');
  try {
    return parseBaseline(text);
  } catch (cause) {
    throw new InputError(`${file}: ${(cause as Error).message}`, {
      cause,
      hint: 'rewrite it with --update-baseline',
    });
  }
}
