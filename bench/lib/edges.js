// Turns each tool's output into the same thing: the set of internal file→file pairs
// "from\0to", repo-relative and POSIX. Counting pairs (not import statements) makes the numbers
// comparable: tools differ in whether `import type` + `import` from one module count once or twice.
import { existsSync, readFileSync } from 'node:fs';
import { join, posix } from 'node:path';

const CODE_RELATIONS = new Set(['imports', 'type-imports', 're-exports', 'dynamic-imports', 'requires']);
const internal = (path) => path && !path.startsWith('..') && !path.split('/').includes('node_modules');

export function depcruisePairs(stdout) {
  const result = JSON.parse(stdout);
  const pairs = new Set();
  const counts = { unresolved: 0, core: 0, external: 0 };
  for (const m of result.modules ?? []) {
    for (const d of m.dependencies ?? []) {
      if (d.couldNotResolve) counts.unresolved++;
      else if (d.coreModule) counts.core++;
      else if (!internal(d.resolved)) counts.external++;
      else pairs.add(`${m.source}\0${d.resolved}`);
    }
  }
  return { pairs, details: { modules: result.modules?.length ?? 0, ...counts } };
}

// madge prints paths relative to the folder it was given; `base` re-roots them at the repo.
export function madgePairs(stdout, base) {
  const tree = JSON.parse(stdout);
  const pairs = new Set();
  const norm = (p) => posix.normalize(base === '.' ? p : `${base}/${p}`);
  for (const [from, deps] of Object.entries(tree)) {
    for (const to of deps) if (internal(norm(to))) pairs.add(`${norm(from)}\0${norm(to)}`);
  }
  return { pairs, details: { modules: Object.keys(tree).length } };
}

/** The peer scripts print one JSON line; the pairs themselves go to a file they were told. */
export function peerPairs(stdout, pairsFile) {
  const summary = JSON.parse(stdout.trim().split('\n').at(-1));
  const pairs =
    pairsFile && existsSync(pairsFile)
      ? new Set(readFileSync(pairsFile, 'utf8').split('\n').filter(Boolean))
      : null;
  return { pairs, count: summary.edges, details: summary };
}

// proofmap's summary shape is still settling, so read it defensively and, when the map artifact
// exists, count pairs from map.json itself: that is the same measure as for every other tool.
export function proofmapPairs(stdout, repo) {
  const summary = JSON.parse(stdout);
  const byRelation = summary.edges?.byRelation ?? (isCountMap(summary.edges) ? summary.edges : undefined);
  const details = {
    files: total(summary.files),
    nodes: total(summary.nodes),
    edges: total(summary.edges?.byRelation ?? summary.edges),
    byRelation,
    coverage: summary.coverage,
    mode: summary.mode,
    parsed: summary.parsed,
    reused: summary.reused,
    selfReportedMs: summary.ms,
    timings: summary.timings,
  };
  const note =
    summary.parsed !== undefined
      ? `${summary.mode ? `${summary.mode}, ` : ''}parsed ${summary.parsed}, reused ${summary.reused ?? '?'}`
      : undefined;
  const mapFile = join(repo, '.proofmap', 'map.json');
  if (!existsSync(mapFile)) return { pairs: null, count: sumRelations(byRelation), details, note };
  try {
    const map = JSON.parse(readFileSync(mapFile, 'utf8'));
    const files = new Map();
    for (const n of map.nodes ?? []) if (n.kind === 'file' && n.path) files.set(n.id, n.path);
    const pairs = new Set();
    for (const e of map.edges ?? []) {
      const from = files.get(e.from);
      const to = files.get(e.to);
      const relation = e.relation ?? e.kind;
      // `/// <reference path>` is recorded as references-file with code evidence; the same relation
      // from a manifest or config is not an import, and no other tool counts it.
      const reference = relation === 'references-file' && e.evidence?.[0]?.source === 'code';
      if (from && to && (CODE_RELATIONS.has(relation) || reference)) pairs.add(`${from}\0${to}`);
    }
    return { pairs, details, note };
  } catch (error) {
    details.mapError = String(error).slice(0, 200);
    return { pairs: null, count: sumRelations(byRelation), details, note };
  }
}

const isCountMap = (v) => v && typeof v === 'object' && Object.values(v).every((x) => typeof x === 'number');

// A count may come as a number, as { total } or as { kind: count }; take whichever is there.
function total(v) {
  if (typeof v === 'number') return v;
  if (!v || typeof v !== 'object') return undefined;
  if (typeof v.total === 'number') return v.total;
  return isCountMap(v) ? Object.values(v).reduce((a, b) => a + b, 0) : undefined;
}

function sumRelations(byRelation) {
  if (!byRelation || typeof byRelation !== 'object') return undefined;
  let n = 0;
  for (const [k, v] of Object.entries(byRelation)) if (CODE_RELATIONS.has(k) && typeof v === 'number') n += v;
  return n;
}
