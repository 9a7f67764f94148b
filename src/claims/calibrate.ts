/**
 * Calibration at run start: each detector must verify a known-good claim and refuse a known-bad
 * one on the control repository. One that fails either control is untrusted for the whole run,
 * and every claim it would decide becomes unverified (a broken detector never decides).
 */
import { controlRepo } from './controls.js';
import type { DetectorSet } from './detectors/index.js';
import type { Check, Detector, SubjectOf } from './detectors/types.js';
import type { ClaimsRepo } from './repo.js';
import type { Calibration, Subject, Verdict } from './schema.js';

type Control = { good: Subject; bad: Subject; badVerdict: Verdict };

const CONTROLS: { [C in Check]: Control & { good: SubjectOf<C>; bad: SubjectOf<C> } } = {
  path: {
    good: { check: 'path', path: 'src/util/paths.ts', from: 'README.md', encoded: false },
    bad: { check: 'path', path: 'src/utils/paths.ts', from: 'README.md', encoded: false },
    badVerdict: 'contradicted',
  },
  heading: {
    good: { check: 'heading', doc: 'README.md', anchor: 'usage' },
    bad: { check: 'heading', doc: 'README.md', anchor: 'install' },
    badVerdict: 'contradicted',
  },
  export: {
    good: { check: 'export', path: 'src/server.ts', name: 'createServer', package: false },
    bad: { check: 'export', path: 'src/server.ts', name: 'ghost', package: false },
    badVerdict: 'contradicted',
  },
  symbol: {
    good: { check: 'symbol', name: 'joinPaths' },
    bad: { check: 'symbol', name: 'strName' },
    badVerdict: 'unverified',
  },
  import: {
    good: { check: 'import', from: 'src/server.ts', to: 'src/util/paths.ts' },
    bad: { check: 'import', from: 'src/util/paths.ts', to: 'src/server.ts' },
    badVerdict: 'contradicted',
  },
  script: {
    good: { check: 'script', manager: 'npm', script: 'build' },
    bad: { check: 'script', manager: 'npm', script: 'lint' },
    badVerdict: 'contradicted',
  },
  bin: {
    good: { check: 'bin', name: 'control' },
    bad: { check: 'bin', name: 'control-pkg' },
    badVerdict: 'contradicted',
  },
  dependency: {
    good: { check: 'dependency', dependency: 'zod', major: 4 },
    bad: { check: 'dependency', dependency: 'zod', major: 3 },
    badVerdict: 'contradicted',
  },
  engines: {
    good: { check: 'engines', engine: 'node', major: 20 },
    bad: { check: 'engines', engine: 'node', major: 16 },
    badVerdict: 'contradicted',
  },
  flag: {
    good: { check: 'flag', bin: 'control', flag: '--strict' },
    bad: { check: 'flag', bin: 'control', flag: '--frobnicate' },
    badVerdict: 'contradicted',
  },
  subcommand: {
    good: { check: 'subcommand', bin: 'control', name: 'serve' },
    bad: { check: 'subcommand', bin: 'control', name: 'frobnicate' },
    badVerdict: 'contradicted',
  },
  package: {
    good: { check: 'package', name: 'control-pkg', major: 1 },
    bad: { check: 'package', name: 'control-pkg', major: 2 },
    badVerdict: 'contradicted',
  },
};

export function calibrate(detectors: DetectorSet, repo: ClaimsRepo = controlRepo()): Calibration[] {
  return (Object.keys(CONTROLS) as Check[]).map((check) => {
    const detector = detectors[check] as Detector;
    const control = CONTROLS[check];
    const good = safely(() => detector.decide(control.good, repo).verdict);
    const bad = safely(() => detector.decide(control.bad, repo).verdict);
    const problems: string[] = [];
    if (good !== 'verified') problems.push(`the known-good control came out ${good}`);
    if (bad !== control.badVerdict)
      problems.push(`the known-bad control came out ${bad}, not ${control.badVerdict}`);
    return {
      detector: detector.name,
      trusted: problems.length === 0,
      good_control: good,
      bad_control: bad,
      reason: problems.length === 0 ? 'both controls decided as expected' : problems.join('; '),
    };
  });
}

/** A detector that throws on a control is as untrusted as one that answers wrong. */
function safely(fn: () => Verdict): Verdict {
  try {
    return fn();
  } catch {
    return 'unverified';
  }
}
