/**
 * Layering rules over the graph's edges. forbidden: no edge from `from` to `to`; allowed-only:
 * edges from `from` go only to `to`; required: every module in `from` has an edge to `to`. A rule
 * whose endpoint names nothing is an unknown-node error instead: it could never fire, which is
 * almost always a typo rather than a clean bill of health.
 */
import type { MapEdge } from '../map/schema.js';
import { configEvidence, ruleName } from './config-evidence.js';
import { at, type CheckGraph, isModule, LOAD_RELATIONS, nameOf } from './graph.js';
import { describeEndpoint, endpointTest, select } from './match.js';
import type { CheckupOptions, Problem, ProofmapConfig } from './types.js';

type Rule = NonNullable<ProofmapConfig['rules']>[number];

export interface ResolvedRule {
  rule: Rule;
  index: number;
  from: Set<string>;
  to: Set<string>;
  relations: Set<string>;
}

/** Rules whose endpoints both name something, with their node sets; unknown-node problems for the rest. */
export function resolveRules(
  graph: CheckGraph,
  config: ProofmapConfig,
  opts: CheckupOptions,
): { rules: ResolvedRule[]; problems: Problem[] } {
  const rules: ResolvedRule[] = [];
  const problems: Problem[] = [];
  (config.rules ?? []).forEach((rule, index) => {
    const sets: Set<string>[] = [];
    for (const side of ['from', 'to'] as const) {
      const endpoint = rule[side];
      const test = endpointTest(endpoint, config);
      const ids = test ? select(graph, test) : [];
      if (ids.length === 0) {
        const why = test ? 'matches no file, document or package in the map' : 'is not declared under areas';
        problems.push({
          kind: 'error',
          code: 'unknown-node',
          message: `${ruleName(rule, index)} ${side}: ${describeEndpoint(endpoint)} ${why}, so the rule can never apply. Fix the path or area name, or remove the rule.`,
          evidence: [configEvidence(opts, ['rules', index, side])],
        });
      }
      sets.push(new Set(ids));
    }
    if (sets[0]!.size > 0 && sets[1]!.size > 0)
      rules.push({
        rule,
        index,
        from: sets[0]!,
        to: sets[1]!,
        relations: new Set(rule.relations ?? LOAD_RELATIONS),
      });
  });
  return { rules, problems };
}

export function ruleProblems(graph: CheckGraph, rules: ResolvedRule[], opts: CheckupOptions): Problem[] {
  const problems: Problem[] = [];
  for (const r of rules) {
    const kind = r.rule.severity ?? 'error';
    const why = r.rule.comment ? ` The rule says: ${r.rule.comment.trim().replace(/\.?$/, '.')}` : '';
    const where = configEvidence(opts, ['rules', r.index]);
    const label = `${ruleName(r.rule, r.index)} (${where.path}:${where.line})`;
    if (r.rule.kind === 'required') {
      for (const id of r.from) {
        const node = graph.nodes.get(id)!;
        if (!isModule(node)) continue;
        const hit = (graph.out.get(id) ?? []).some((e) => r.relations.has(e.relation) && r.to.has(e.to));
        if (hit) continue;
        problems.push({
          kind,
          code: 'required-dependency-missing',
          from: nameOf(node),
          node: nameOf(node),
          message: `${nameOf(node)} does not depend on ${describeEndpoint(r.rule.to)}, which ${label} requires of every module in ${describeEndpoint(r.rule.from)}.${why} Add the import, or narrow the rule's from.`,
          evidence: [{ source: 'derived', path: nameOf(node), line: 1 }, where],
        });
      }
      continue;
    }
    for (const id of r.from) {
      for (const e of graph.out.get(id) ?? []) {
        if (!r.relations.has(e.relation)) continue;
        const bad = r.rule.kind === 'forbidden' ? r.to.has(e.to) : !r.to.has(e.to);
        if (bad) problems.push(violation(graph, r, e, kind, label, why, where));
      }
    }
  }
  return problems;
}

function violation(
  graph: CheckGraph,
  r: ResolvedRule,
  e: MapEdge,
  kind: 'error' | 'warning',
  label: string,
  why: string,
  where: Problem['evidence'][number],
): Problem {
  const from = nameOf(graph.nodes.get(e.from)!);
  const to = nameOf(graph.nodes.get(e.to)!);
  const verb = e.relation === 'imports' ? 'imports' : `depends on (${e.relation})`;
  const said =
    r.rule.kind === 'forbidden'
      ? `${label} forbids ${describeEndpoint(r.rule.from)} from depending on ${describeEndpoint(r.rule.to)}`
      : `${label} allows ${describeEndpoint(r.rule.from)} to depend only on ${describeEndpoint(r.rule.to)}`;
  return {
    kind,
    code: 'forbidden-dependency',
    from,
    to,
    message: `${at(e.evidence[0])}: ${from} ${verb} ${to}, but ${said}.${why} Remove the dependency or move the code to where it is allowed.`,
    evidence: [e.evidence[0]!, where],
  };
}
