/**
 * Layering rules over the graph's edges. forbidden: no edge from `from` to `to`; allowed-only:
 * edges from `from` go only to `to`; required: every module in `from` has an edge to `to`. A rule
 * whose endpoint names nothing is an unknown-node error instead: it could never fire, which is
 * almost always a typo rather than a clean bill of health.
 */
import { cyclicComponents } from '../graph/scc.js';
import type { MapEdge, MapNode } from '../map/schema.js';
import {
  DEPENDENCY_TYPE_ALIASES,
  DEPENDENCY_TYPES,
  type DeclarationType,
  type DependencyType,
} from '../model/config.js';
import { configEvidence, ruleName } from './config-evidence.js';
import { type Declaration, declarations, declarationText } from './dependency-types.js';
import { at, type CheckGraph, isModule, LOAD_RELATIONS, nameOf } from './graph.js';
import { describeEndpoint, endpointTest, select } from './match.js';
import { compilePattern, hasBackrefs } from './pattern.js';
import type { CheckupOptions, Problem, ProofmapConfig } from './types.js';

type Rule = NonNullable<ProofmapConfig['rules']>[number];

interface EdgeFilter {
  relations: Set<string>;
  admits: (edge: MapEdge) => boolean;
  key?: string;
}

export interface ResolvedRule {
  rule: Rule;
  index: number;
  from: Set<string>;
  /** The `to` set; for a rule whose `to` uses `from`'s captured groups, the set for no groups. */
  to: Set<string>;
  /** Every relation the rule can look at; `admits` narrows it by dependency type. */
  relations: Set<string>;
  admits: (edge: MapEdge) => boolean;
  /** Absent when the rule has no dependency types: then it admits every edge of `relations`. */
  typesKey?: string;
  /** Where the package an edge imports is declared, for messages. */
  declared: (edge: MapEdge) => Declaration;
  /** The `to` set for one `from` node: differs per node only when `to` refers to captured groups. */
  toOf: (fromNode: MapNode) => Set<string>;
}

/**
 * The edges a rule looks at. Relation types (type-only, dynamic …) pick relations; declaration
 * types (dev, unlisted …) pick edges by where the imported package is declared. An edge counts when
 * any listed type applies (dependency-cruiser's reading), and none of `dependencyTypesNot` does.
 */
function edgeFilter(rule: Rule, declared: (e: MapEdge) => Declaration): EdgeFilter {
  const base = new Set<string>(rule.relations ?? [...LOAD_RELATIONS]);
  const wanted = canonical(rule.dependencyTypes ?? rule.to.dependencyTypes);
  const unwanted = canonical(rule.dependencyTypesNot ?? rule.to.dependencyTypesNot);
  if (!wanted && !unwanted) return { relations: base, admits: (e) => base.has(e.relation) };
  const relationsOf = (types: DependencyType[]) =>
    new Set<string>(types.flatMap((t) => (t in DEPENDENCY_TYPES ? DEPENDENCY_TYPES[t as RelationType] : [])));
  const declOf = (types: DependencyType[]) =>
    new Set(types.filter((t): t is DeclarationType => !(t in DEPENDENCY_TYPES)));
  const hits = (types: DependencyType[]) => {
    const rel = relationsOf(types);
    const decl = declOf(types);
    return (e: MapEdge) =>
      rel.has(e.relation) || (decl.size > 0 && [...declared(e).types].some((t) => decl.has(t)));
  };
  let relations = base;
  let admits = (e: MapEdge) => base.has(e.relation);
  if (wanted) {
    // dependencyTypes may name manifest edges, which the default relations leave out.
    const rel = relationsOf(wanted);
    const any = hits(wanted);
    relations = new Set([
      ...(rule.relations ? [...rel].filter((r) => base.has(r)) : rel),
      ...(declOf(wanted).size > 0 ? base : []),
    ]);
    admits = (e) => relations.has(e.relation) && any(e);
  }
  if (unwanted) {
    const no = hits(unwanted);
    const yes = admits;
    admits = (e) => yes(e) && !no(e);
  }
  const key = JSON.stringify([wanted?.slice().sort() ?? null, unwanted?.slice().sort() ?? null]);
  return { relations, admits, key };
}

type RelationType = keyof typeof DEPENDENCY_TYPES;
type AnyType = NonNullable<Rule['dependencyTypes']>[number];

/** ` (dependency types: dev, unlisted; not type-only)`, as the rule wrote them. */
function typesText(rule: Rule): string {
  const wanted = rule.dependencyTypes ?? rule.to.dependencyTypes;
  const unwanted = rule.dependencyTypesNot ?? rule.to.dependencyTypesNot;
  const parts = [
    ...(wanted ? [`dependency types ${wanted.join(', ')}`] : []),
    ...(unwanted ? [`not ${unwanted.join(', ')}`] : []),
  ];
  return ` (${parts.join('; ')})`;
}

/** dependency-cruiser's names folded into ours. */
function canonical(types: AnyType[] | undefined): DependencyType[] | undefined {
  return types?.map(
    (t) =>
      (t in DEPENDENCY_TYPE_ALIASES
        ? DEPENDENCY_TYPE_ALIASES[t as keyof typeof DEPENDENCY_TYPE_ALIASES]
        : t) as DependencyType,
  );
}

/** Per-capture `to` sets, computed once per distinct tuple of captured groups. */
function capturedTo(
  graph: CheckGraph,
  rule: Rule,
  config: ProofmapConfig,
): (fromNode: MapNode) => Set<string> {
  const from = compilePattern(rule.from.pattern!);
  const cache = new Map<string, Set<string>>();
  return (node) => {
    const groups = from.captures(node.path ?? node.key) ?? [];
    const key = groups.join('\0');
    let set = cache.get(key);
    if (!set) {
      const test = endpointTest(rule.to, config, groups);
      set = new Set(test ? select(graph, test) : []);
      cache.set(key, set);
    }
    return set;
  };
}

/** Rules whose endpoints both name something, with their node sets; unknown-node problems for the rest. */
export function resolveRules(
  graph: CheckGraph,
  config: ProofmapConfig,
  opts: CheckupOptions,
): { rules: ResolvedRule[]; problems: Problem[] } {
  const rules: ResolvedRule[] = [];
  const problems: Problem[] = [];
  const declared = declarations(graph);
  (config.rules ?? []).forEach((rule, index) => {
    const sets: Set<string>[] = [];
    for (const side of ['from', 'to'] as const) {
      const endpoint = rule[side];
      const test = endpointTest(endpoint, config);
      const ids = test ? select(graph, test) : [];
      // A `to` built from captured groups names something different for each `from` module.
      const perCapture = side === 'to' && (hasBackrefs(endpoint.pattern) || hasBackrefs(endpoint.patternNot));
      if (ids.length === 0 && !perCapture) {
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
    const perCapture = hasBackrefs(rule.to.pattern) || hasBackrefs(rule.to.patternNot);
    const to = sets[1]!;
    if (sets[0]!.size > 0 && (to.size > 0 || perCapture)) {
      const filter = edgeFilter(rule, declared);
      rules.push({
        rule,
        index,
        from: sets[0]!,
        to,
        relations: filter.relations,
        admits: filter.admits,
        ...(filter.key ? { typesKey: filter.key } : {}),
        declared,
        toOf: perCapture ? capturedTo(graph, rule, config) : () => to,
      });
    }
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
    if (r.rule.to.reachable !== undefined) {
      problems.push(...reachProblems(graph, r, kind, label, why, where));
      continue;
    }
    if (r.rule.kind === 'required') {
      for (const id of r.from) {
        const node = graph.nodes.get(id)!;
        if (!isModule(node)) continue;
        const to = r.toOf(node);
        const hit = (graph.out.get(id) ?? []).some((e) => r.admits(e) && to.has(e.to));
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
    const component = r.rule.to.circular !== undefined ? components(graph, r.admits) : undefined;
    for (const id of r.from) {
      const to = r.toOf(graph.nodes.get(id)!);
      for (const e of graph.out.get(id) ?? []) {
        if (!r.admits(e)) continue;
        let bad = r.rule.kind === 'forbidden' ? to.has(e.to) : !to.has(e.to);
        if (bad && component) {
          const onCycle =
            e.from !== e.to &&
            component.get(e.from) !== undefined &&
            component.get(e.from) === component.get(e.to);
          bad = onCycle === r.rule.to.circular;
        }
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
  const types = r.typesKey ? typesText(r.rule) : '';
  const said =
    r.rule.kind === 'forbidden'
      ? `${label} forbids ${describeEndpoint(r.rule.from)} from depending on ${describeEndpoint(r.rule.to)}${types}`
      : `${label} allows ${describeEndpoint(r.rule.from)} to depend only on ${describeEndpoint(r.rule.to)}${types}`;
  // Where the package is declared is what a dev/unlisted rule is about; the manifest line proves it.
  const declaration = r.typesKey ? r.declared(e) : undefined;
  const text = declaration && declarationText(declaration);
  // A workspace package is reached as its source file: say which package the import names.
  const named = declaration?.name && !to.startsWith('external:') ? ` (package ${declaration.name})` : '';
  const declared = text && `${named}, ${text}`;
  return {
    kind,
    code: 'forbidden-dependency',
    from,
    to,
    message: `${at(e.evidence[0])}: ${from} ${verb} ${to}${declared ?? ''}, but ${said}.${why} Remove the dependency or move the code to where it is allowed.`,
    evidence: [e.evidence[0]!, ...(declaration?.declared ?? []), where],
  };
}

/** Component number of every node on a cycle over the rule's relations. */
function components(graph: CheckGraph, admits: (e: MapEdge) => boolean): Map<string, number> {
  const ids = graph.sortedIds;
  const index = new Map(ids.map((id, i) => [id, i]));
  const out = ids.map((id) => (graph.out.get(id) ?? []).filter(admits).map((e) => index.get(e.to)!));
  const of = new Map<string, number>();
  cyclicComponents(ids.length, (v) => out[v]!).forEach((c, n) => {
    for (const v of c) of.set(ids[v]!, n);
  });
  return of;
}

/**
 * `to.reachable: false`: modules in `to` that no `from` module reaches (orphans of that part);
 * `true`: modules in `to` that a `from` module does reach (test code pulled into production).
 */
function reachProblems(
  graph: CheckGraph,
  r: ResolvedRule,
  kind: 'error' | 'warning',
  label: string,
  why: string,
  where: Problem['evidence'][number],
): Problem[] {
  const seen = new Set(r.from);
  const queue = [...r.from];
  for (let i = 0; i < queue.length; i++)
    for (const e of graph.out.get(queue[i]!) ?? [])
      if (r.admits(e) && !seen.has(e.to)) {
        seen.add(e.to);
        queue.push(e.to);
      }
  const wantReached = r.rule.to.reachable === true;
  const problems: Problem[] = [];
  for (const id of graph.sortedIds) {
    if (!r.to.has(id) || r.from.has(id)) continue;
    const node = graph.nodes.get(id)!;
    if (!isModule(node) || seen.has(id) !== wantReached) continue;
    const file = nameOf(node);
    problems.push({
      kind,
      code: wantReached ? 'reachable-by-rule' : 'unreachable-by-rule',
      node: file,
      message: `${file} is ${wantReached ? '' : 'not '}reachable from ${describeEndpoint(r.rule.from)}, which ${label} forbids.${why} ${wantReached ? 'Cut the chain of imports that pulls it in.' : 'Import it from there, or delete it if it is dead.'}`,
      evidence: [{ source: 'derived', path: file, line: 1 }, where],
    });
  }
  return problems;
}
