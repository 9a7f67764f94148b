/**
 * `checkup(map, config)`: the declared structure against the graph, as a list of checks. Pure:
 * it reads the map and the parsed config and returns problems; the CLI reads files and prints.
 */
import picomatch from 'picomatch';
import type { ProofMap } from '../map/schema.js';
import { configEvidence } from './config-evidence.js';
import { cycleProblems } from './cycles.js';
import { declaredProblems } from './declared.js';
import { orphanDocuments } from './documents.js';
import { entryPoints } from './entries.js';
import { flowProblems } from './flows.js';
import { type CheckGraph, checkGraph, cmp, isModule } from './graph.js';
import { reachabilityProblems } from './reach.js';
import { danglingLinks, supersededReliedOn } from './records.js';
import { resolveRules, ruleProblems } from './rules.js';
import { shadowedRules } from './shadowed.js';
import {
  CheckupError,
  type CheckupOptions,
  type CheckupResult,
  type DeclaredConfig,
  type Problem,
  type ProofmapConfig,
} from './types.js';
import { unusedExportProblems } from './unused.js';

export type { CheckMode, CheckupOptions, CheckupResult, Problem, ProblemCode } from './types.js';
export { CheckupError } from './types.js';

export function checkup(map: ProofMap, declared: DeclaredConfig, opts: CheckupOptions = {}): CheckupResult {
  if (opts.mode === 'off') return skippedResult();
  const graph = checkGraph(map);
  const config = expandAreas(declared, graph);
  const entries = entryPoints(graph, config);
  const { rules, problems: ruleNames } = resolveRules(graph, config, opts);
  const all: Problem[] = [
    ...declaredProblems(graph, config, opts),
    ...ruleNames,
    ...noEntry(graph, entries.ids.length, config, opts),
    ...ruleProblems(graph, rules, opts),
    ...danglingLinks(graph),
    ...supersededReliedOn(graph),
    ...reachabilityProblems(graph, entries),
    ...cycleProblems(graph),
    ...flowProblems(graph, config, opts),
    ...orphanDocuments(graph, config.entries ?? []),
    ...shadowedRules(rules, opts),
    ...unusedExportProblems(graph, config),
  ];
  const ignore = config.checkup?.ignore?.length ? picomatch(config.checkup.ignore, { dot: true }) : undefined;
  // A problem is ignored only when every place it points to is ignored, so a forbidden import
  // from an ignored folder into live code is still reported.
  const kept = ignore ? all.filter((p) => !isIgnored(p, ignore)) : all;
  const problems = sortProblems(kept);
  const result: CheckupResult = {
    ok: !problems.some((p) => p.kind === 'error'),
    problems,
    ignored: all.length - kept.length,
    entries: entries.ids.length,
  };
  if (opts.mode === 'throw' && !result.ok) throw new CheckupError(result);
  return result;
}

/** What `--check off` returns: nothing checked, said so. */
export const skippedResult = (): CheckupResult => ({
  ok: true,
  problems: [],
  ignored: 0,
  entries: 0,
  skipped: true,
});

function isIgnored(problem: Problem, ignore: (path: string) => boolean): boolean {
  const located = problem.evidence.filter((e) => e.source !== 'config');
  return located.length > 0 && located.every((e) => ignore(e.path));
}

/**
 * no-entry is an error only when nothing names an entry at all. When package.json names entry
 * points that are build output the scan does not read (`dist/index.js`), the entries exist but
 * cannot be followed: that is a warning, since nothing was proved wrong.
 */
function noEntry(
  graph: ReturnType<typeof checkGraph>,
  entries: number,
  config: ProofmapConfig,
  opts: CheckupOptions,
): Problem[] {
  const modules = graph.map.nodes.filter(isModule).length;
  if (entries > 0 || modules === 0) return [];
  const declared = config.entries?.length
    ? `the ${config.entries.length} declared entries match nothing and `
    : '';
  const built = graph.map.coverage.filter(
    (c) =>
      c.analyzer === 'package-json' && c.reason.startsWith('entry point') && config.defaultEntries !== false,
  );
  const advice =
    'Without one nothing can be judged reachable, so the dead-code checks did not run; declare the source entry points under entries in the config.';
  if (built.length > 0) {
    const named = built.map((c) => `${c.detail ?? '?'} (${c.scope})`).join(', ');
    return [
      {
        kind: 'warning',
        code: 'no-entry',
        message: `The repository has ${modules} modules and no entry point the scan can follow: ${declared}package.json names only files that are not in the repository, probably build output: ${named}. ${advice}`,
        evidence: built.map((c) => ({
          source: 'manifest' as const,
          path: c.scope.replace(/:\d+$/, ''),
          line: Number(/:(\d+)$/.exec(c.scope)?.[1] ?? 1),
        })),
      },
    ];
  }
  return [
    {
      kind: 'error',
      code: 'no-entry',
      message: `The repository has ${modules} modules but no entry point: ${declared}${config.defaultEntries === false ? 'defaultEntries is false' : 'no package.json bin/main/exports, script, test or config file was found'}. ${advice}`,
      evidence: opts.configFile ? [configEvidence(opts, ['entries'])] : [],
    },
  ];
}

const KIND_ORDER = { error: 0, warning: 1 } as const;

export function sortProblems(problems: Problem[]): Problem[] {
  const where = (p: Problem) =>
    `${p.evidence[0]?.path ?? ''}\0${String(p.evidence[0]?.line ?? 0).padStart(8, '0')}`;
  return [...problems].sort(
    (a, b) =>
      KIND_ORDER[a.kind] - KIND_ORDER[b.kind] ||
      cmp(a.code, b.code) ||
      cmp(where(a), where(b)) ||
      cmp(a.message, b.message),
  );
}

/**
 * `areas: "packages"`: one area per workspace package in the map, named by the package and
 * covering its folder. The root package is left out: its folder is every other package's too.
 */
export function expandAreas(config: DeclaredConfig, graph: CheckGraph): ProofmapConfig {
  if (config.areas !== 'packages') return config as ProofmapConfig;
  const areas = graph.sortedIds
    .map((id) => graph.nodes.get(id)!)
    .filter((n) => n.kind === 'package' && n.path !== undefined && n.path.endsWith('/package.json'))
    .map((n) => ({ name: n.label, path: `${n.path!.slice(0, -'/package.json'.length)}/**` }));
  return { ...config, areas };
}
