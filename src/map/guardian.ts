/**
 * The guardian: re-derives every gate from map.json and the repository on disk, trusting nothing
 * the emitter claimed. Only when every gate passes does a map become `confirmed`. Each blocker
 * names its gate and the node or edge at fault.
 *
 * It reads only the files that edges and nodes name — it never walks the tree — so a populated
 * node_modules costs it nothing, and a path inside an excluded directory is itself a blocker.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { exclusionsFor } from '../discover/exclusions.js';
import { READ_CAP_BYTES, repoText } from '../discover/safe-read.js';
import { TYPED_RELATIONS } from '../model/constants.js';
import type { TextSource } from '../model/facts.js';
import { type EdgePass, MintedEdgeIds, nodeId } from '../model/ids.js';
import { normalizeRepoPath } from '../model/paths.js';
import { evidencedBy, LiteralChecks } from '../verify/code-dep.js';
import type { VerifyProof } from '../verify/index.js';
import { validateMap } from './emit.js';
import type { Blocker, ProofMap } from './schema.js';
import { changesBetween, MISSING, type TreeState, treeNow } from './tree-state.js';

export interface GuardResult {
  status: 'proposed' | 'confirmed';
  blockers: Blocker[];
  warnings: Blocker[];
  /** How many checks each gate ran, so "passed" can be told from "nothing to check". */
  checked: Record<string, number>;
}

export interface GuardOptions {
  /** The tree outside .proofmap/ before the scan; when given, the writes gate compares it. */
  before?: TreeState;
  /**
   * The texts this scan read, given with `before`: the writes gate then proves by stat that each
   * file is still what was read, so re-reading 7,000 files (the delta guard's rule too) proves
   * nothing more. Without `before`, every text comes from disk.
   */
  texts?: TextSource;
  /**
   * What verify proved while building this map (the ids it minted, the literals it found in
   * these texts): the ids and verified-by gates reuse an answer only for the very question it
   * answered, so a map that breaks either gate still fails it.
   */
  proof?: VerifyProof;
}

/** What a guard run records: each gate's check count and each blocker (shared with delta-guard). */
export function gateLog() {
  const blockers: Blocker[] = [];
  const checked: Record<string, number> = {};
  return {
    blockers,
    checked,
    count: (gate: string) => {
      checked[gate] = (checked[gate] ?? 0) + 1;
    },
    block: (gate: string, message: string, at: { node?: string; edge?: string } = {}) =>
      void blockers.push({ gate, message, ...at }),
  };
}

/** The gates on one node: its id formula, its zone, and the file it was found at. */
export function checkNode(
  n: ProofMap['nodes'][number],
  ctx: {
    root: string;
    zones: ReadonlySet<string>;
    excluded: { excludes(rel: string): boolean };
    /** Stamps of the listed files taken by this guard run: a listed file exists iff it has one. */
    now?: TreeState;
  },
  log: Pick<ReturnType<typeof gateLog>, 'count' | 'block'>,
): void {
  const { count, block } = log;
  if (n.id !== nodeId(n.kind, n.key))
    block(
      'ids',
      `node ${n.key} has id ${n.id}, but sha1("${n.kind}:${n.key}")[:12] is ${nodeId(n.kind, n.key)}`,
      { node: n.id },
    );
  count('zones');
  if (!ctx.zones.has(n.zone))
    block('zones', `node ${n.key} is in zone ${n.zone}, which is not a zone of the map`, { node: n.id });
  count('found-at');
  const at = normalizeRepoPath(n.found_at.path);
  if (at === undefined || ctx.excluded.excludes(at) || !exists(ctx.root, at, ctx.now))
    block(
      'found-at',
      `node ${n.key} was found at ${n.found_at.path}, which does not exist in the repository`,
      {
        node: n.id,
      },
    );
}

export function guard(root: string, map: ProofMap, options: GuardOptions = {}): GuardResult {
  const { blockers, checked, count, block } = gateLog();
  const warnings: Blocker[] = [];

  count('schema');
  for (const problem of validateMap(map))
    block('schema', `map.json does not match proofmap.map/v1: ${problem}`);
  if (blockers.length > 0) return { status: 'proposed', blockers, warnings, checked };

  // The listing's own exclusions: a file the scan could list is one the guardian may re-read.
  const excluded = exclusionsFor(root);
  const read = options.before ? options.texts : undefined;
  const texts = new Map<string, string | undefined>();
  const textOf = (rel: string) => {
    if (!texts.has(rel)) {
      const safe = normalizeRepoPath(rel);
      let text: string | undefined;
      if (safe !== undefined && !excluded.excludes(safe)) {
        if (read?.has(safe)) text = read.get(safe);
        else text = repoText(root, safe, READ_CAP_BYTES);
      }
      texts.set(rel, text);
    }
    return texts.get(rel);
  };

  const ids = options.proof?.ids ?? new MintedEdgeIds();
  const literals = options.proof?.literals ?? new LiteralChecks();
  // One stat per listed file serves both the writes gate and the found-at gate.
  const now = options.before ? treeNow(root, options.before) : undefined;
  const zones = new Set(map.zones.map((z) => z.id));
  const nodes = new Map<string, ProofMap['nodes'][number]>();
  for (const n of map.nodes) {
    count('ids');
    if (nodes.has(n.id)) block('duplicate-id', `node id ${n.id} appears more than once`, { node: n.id });
    nodes.set(n.id, n);
    checkNode(n, { root, zones, excluded, ...(now ? { now } : {}) }, { count, block });
  }

  const typed = new Set<string>(TYPED_RELATIONS);
  const pass: EdgePass = { others: new Set() };
  for (const e of map.edges) {
    count('ids');
    if (ids.seenAgain(e.id, pass))
      block('duplicate-id', `edge id ${e.id} appears more than once`, { edge: e.id });
    count('endpoints');
    const from = nodes.get(e.from);
    if (!from || !nodes.has(e.to)) {
      block(
        'endpoints',
        `edge ${e.id} (${e.relation}) has an endpoint that is not a node: ${from ? e.to : e.from}`,
        { edge: e.id },
      );
      continue;
    }
    if (!ids.matches(e.id, e.from, e.to, e.relation))
      block('ids', `edge ${e.id} does not match sha1("edge:${e.from}|${e.to}|${e.relation}")[:12]`, {
        edge: e.id,
      });
    if (e.namespace === 'typed-link') {
      count('typed-links');
      if (!typed.has(e.relation))
        block('typed-links', `edge ${e.id} has typed relation "${e.relation}", which is not one of the 11`, {
          edge: e.id,
        });
      else if (!e.evidence.some((ev) => declaredAt(textOf(ev.path), ev.line, ev.excerpt)))
        block(
          'typed-links',
          `typed link ${e.id} (${e.relation}) is no longer declared where its evidence says (${e.evidence[0]!.path}:${e.evidence[0]!.line ?? '?'})`,
          { edge: e.id },
        );
      continue;
    }
    count('verified-by');
    const holder = evidencedBy(e.relation) === 'to' ? nodes.get(e.to)! : from;
    if (!e.verified_by)
      block('verified-by', `code-dep edge ${e.id} (${e.relation}) has no verified_by check`, { edge: e.id });
    else if (!holder.path || !literals.found(holder.path, textOf(holder.path), e.verified_by))
      block(
        'verified-by',
        `${e.verified_by} is no longer found in ${holder.path ?? holder.key} (edge ${e.id}, ${e.relation})`,
        { edge: e.id },
      );
  }

  const edgesById = new Map(map.flows.length > 0 ? map.edges.map((e) => [e.id, e]) : []);
  for (const flow of map.flows) {
    count('flows');
    if (flow.edge_ids.length === 0)
      warnings.push({
        gate: 'flows',
        message: `flow "${flow.name}" has no edges joining its ${flow.node_ids.length} nodes`,
      });
    for (const id of flow.edge_ids) {
      const e = edgesById.get(id);
      const joins = e && flow.node_ids.some((n, i) => n === e.from && flow.node_ids[i + 1] === e.to);
      if (!joins)
        block(
          'flows',
          `flow "${flow.name}" lists edge ${id}, which does not join two consecutive nodes of the flow`,
          { edge: id },
        );
    }
  }

  if (options.before && now) {
    count('writes');
    for (const changed of changesBetween(options.before, now))
      block('writes', `the scan changed ${changed}, outside .proofmap/`);
  }
  return { status: blockers.length === 0 ? 'confirmed' : 'proposed', blockers, warnings, checked };
}

/**
 * Whether `guard` proved that no two edges of the map it judged share an id: past the schema gate
 * it runs every edge through the duplicate-id check, and a duplicate is always a blocker. The
 * index writer then need not check the 80,000 ids of a large map again.
 */
export function edgeIdsUnique(verdict: GuardResult): boolean {
  return !verdict.blockers.some((b) => b.gate === 'schema' || b.gate === 'duplicate-id');
}

/** Whether a repo file exists: from this run's stamps when it was listed, else from disk. */
function exists(root: string, rel: string, now: TreeState | undefined): boolean {
  const stamp = now?.get(rel);
  return stamp !== undefined ? stamp !== MISSING : existsSync(path.join(root, rel));
}

/** A typed link is re-found when its evidence line still holds its excerpt. */
function declaredAt(
  text: string | undefined,
  line: number | undefined,
  excerpt: string | undefined,
): boolean {
  if (text === undefined || line === undefined) return false;
  const lines = text.split('\n');
  const actual = lines[line - 1];
  if (actual === undefined) return false;
  return excerpt === undefined ? actual.trim().length > 0 : actual.includes(excerpt.replace(/…$/, ''));
}
