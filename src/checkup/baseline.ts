/**
 * Baselines: the violations a project has accepted for now, so `check` reports only new ones.
 * A violation is keyed by its code, the files it is about and its message with line numbers
 * taken out, so an edit that shifts lines does not make an old violation new. Keys are counted:
 * a second identical import from the same file is new even though the first is baselined.
 */
import { cmp } from './graph.js';
import type { CheckupResult, Problem } from './types.js';

export interface BaselineEntry {
  code: string;
  /** The depending side, the depended-on side or the one node, as the problem names them. */
  from?: string;
  to?: string;
  node?: string;
  /** The message without line and column numbers. */
  message: string;
  /** How many identical violations are accepted. */
  count: number;
}

export interface Baseline {
  $schema?: string;
  version: 1;
  violations: BaselineEntry[];
}

const withoutLines = (message: string) => message.replace(/:\d+(?::\d+)?\b/g, '');

function entryOf(p: Problem): Omit<BaselineEntry, 'count'> {
  return {
    code: p.code,
    ...(p.from !== undefined ? { from: p.from } : {}),
    ...(p.to !== undefined ? { to: p.to } : {}),
    ...(p.node !== undefined ? { node: p.node } : {}),
    message: withoutLines(p.message),
  };
}

const keyOf = (e: Omit<BaselineEntry, 'count'>) =>
  [e.code, e.from ?? '', e.to ?? '', e.node ?? '', e.message].join('\0');

/** The baseline that accepts every problem of a result; sorted so a re-write diffs cleanly. */
export function baselineOf(result: CheckupResult): Baseline {
  const counts = new Map<string, BaselineEntry>();
  for (const p of result.problems) {
    const entry = entryOf(p);
    const key = keyOf(entry);
    const seen = counts.get(key);
    if (seen) seen.count++;
    else counts.set(key, { ...entry, count: 1 });
  }
  const violations = [...counts.entries()].sort(([a], [b]) => cmp(a, b)).map(([, e]) => e);
  return { version: 1, violations };
}

/** The result without the baselined problems; `baselined` counts what was left out. */
export function applyBaseline(
  result: CheckupResult,
  baseline: Baseline,
): CheckupResult & { baselined: number } {
  const budget = new Map(baseline.violations.map((e) => [keyOf(e), e.count]));
  const problems = result.problems.filter((p) => {
    const key = keyOf(entryOf(p));
    const left = budget.get(key) ?? 0;
    if (left === 0) return true;
    budget.set(key, left - 1);
    return false;
  });
  return {
    ...result,
    problems,
    ok: !problems.some((p) => p.kind === 'error'),
    baselined: result.problems.length - problems.length,
  };
}

/** Checks the shape of a baseline file read from disk; the message says what is wrong. */
export function parseBaseline(text: string): Baseline {
  const data = JSON.parse(text) as Partial<Baseline>;
  if (data?.version !== 1 || !Array.isArray(data.violations))
    throw new Error('not a proofmap baseline (expected { "version": 1, "violations": [...] })');
  for (const [i, v] of data.violations.entries())
    if (
      typeof v?.code !== 'string' ||
      typeof v.message !== 'string' ||
      !Number.isInteger(v.count) ||
      v.count < 1
    )
      throw new Error(`violations[${i}] needs code, message and a positive integer count`);
  return data as Baseline;
}
