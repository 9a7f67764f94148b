/**
 * The checks that prove a change to a file, at most three, each with why it was chosen, most
 * specific first: the configuration's `checks` whose path globs match, `checks` in the front
 * matter of an artifact that covers the file, then the scripts of the nearest package (its test
 * first, then typecheck, then lint), then the root's. Scripts are run with the repository's
 * package manager. A script that changes files or waits for a person (`lint:fix`, `*:debug`,
 * `*:headed`, watch modes) is never offered: an agent would run it unattended.
 */
import picomatch from 'picomatch';
import { detectPackageManager, isUnattendedSafe, runScript } from '../discover/package-manager.js';
import type { MapEdge, MapNode, ProofMap } from '../map/schema.js';
import type { Evidence } from '../model/types.js';
import type { Session } from './session.js';

export interface Check {
  run: string;
  source: 'config' | 'front-matter' | 'package-script' | 'default';
  /** Why this check, in a sentence. */
  why: string;
  evidence?: Evidence;
}

/** Agents get this many checks at most; the rest would be noise they run anyway. */
export const MAX_CHECKS = 3;

const PROVING = /^(test|check|lint|typecheck|types|tsc)(:|$)/;
/** Order within one package: its tests first, then type checks, then lint. */
const rank = (name: string) =>
  /^test(:|$)/.test(name) ? (name === 'test' ? 0 : 1) : /^(typecheck|types|tsc|check)/.test(name) ? 2 : 3;

export function checksFor(session: Session, paths: readonly string[]): Check[] {
  const out: Check[] = [];
  const seen = new Set<string>();
  const add = (c: Check) => {
    if (!seen.has(c.run)) out.push(c);
    seen.add(c.run);
  };
  const loaded = session.deps.config();
  (loaded.config.checks ?? []).forEach((check, i) => {
    const globs = Array.isArray(check.path) ? check.path : [check.path];
    if (!paths.some((p) => picomatch(globs, { dot: true })(p))) return;
    const line = loaded.lineOf(['checks', i]);
    add({
      run: check.run,
      source: 'config',
      why: `declared for ${globs.join(', ')} in ${loaded.file ?? 'the config'}`,
      ...(loaded.file ? { evidence: { source: 'config', path: loaded.file, line } } : {}),
    });
  });
  const ids = new Set(paths.map((p) => session.nodeAt(p)?.id));
  for (const { edge: e, from, checks } of checkingCovers(session)) {
    if (!ids.has(e.to)) continue;
    for (const run of checks)
      add({
        run,
        source: 'front-matter',
        why: `named by ${from.path ?? from.key}, which covers the file`,
        evidence: e.evidence[0]!,
      });
  }
  const pm = detectPackageManager(session.deps.readText, session.deps.exists);
  // The package manager's reason is said once, on the first script check: answers have a budget.
  let pmSaid = false;
  for (const script of packageScripts(session, paths)) {
    const dir = dirOf(script);
    const via = pmSaid ? '' : `; ${pm.name} from ${pm.why}`;
    pmSaid = true;
    add({
      run: runScript(pm.name, script.label, dir),
      source: 'package-script',
      why: `${dir === '' ? 'root' : `nearest package (${dir})`} ${script.label} script${via}`,
      evidence: script.found_at,
    });
  }
  if (out.length === 0)
    add({
      run: runScript(pm.name, 'test', ''),
      source: 'default',
      why: `nothing declares a check; ${pm.name} from ${pm.why}`,
    });
  return out.slice(0, MAX_CHECKS);
}

const dirOf = (s: MapNode) => s.key.replace(/\/?package\.json#.*$/, '');

/**
 * Proving scripts of the nearest package above the paths, then of the root: nearest first, then
 * by rank (test, typecheck, lint), then by name.
 */
function packageScripts(session: Session, paths: readonly string[]): MapNode[] {
  const scripts = provingScripts(session.map);
  const depth = new Map<string, number>();
  for (const p of paths) {
    const owning = scripts.filter((s) => dirOf(s) === '' || p.startsWith(`${dirOf(s)}/`));
    const deepest = Math.max(-1, ...owning.map((s) => dirOf(s).length));
    for (const s of owning) {
      // The nearest package counts first; the root (when it is not the nearest) after it.
      const d = dirOf(s).length === deepest ? 0 : dirOf(s) === '' ? 1 : -1;
      if (d >= 0) depth.set(s.id, Math.min(depth.get(s.id) ?? d, d));
    }
  }
  return scripts
    .filter((s) => depth.has(s.id))
    .sort(
      (a, b) =>
        depth.get(a.id)! - depth.get(b.id)! ||
        rank(a.label) - rank(b.label) ||
        (a.key < b.key ? -1 : a.key > b.key ? 1 : 0),
    );
}

// Both lists below depend on the map alone: a resident server computes them once per snapshot
// instead of walking every node and edge on each call.
const covers = new WeakMap<ProofMap, { edge: MapEdge; from: MapNode; checks: string[] }[]>();
const proving = new WeakMap<ProofMap, MapNode[]>();

/** `covers` edges from a record whose front matter names checks, in map order. */
function checkingCovers(session: Session) {
  let list = covers.get(session.map);
  if (!list) {
    list = [];
    // Without a record naming checks (most repositories) no edge can count: the covers edges are
    // then not read (on a CLI query that is a pass over every edge row, ~40 ms on 7,000 files).
    const named = session.map.nodes.some((n) => Array.isArray(n.metadata?.checks));
    for (const edge of named ? session.edgesOf('covers') : []) {
      const from = session.node(edge.from);
      const checks = from?.metadata?.checks;
      if (!from || !Array.isArray(checks)) continue;
      list.push({ edge, from, checks: checks.filter((c): c is string => typeof c === 'string') });
    }
    covers.set(session.map, list);
  }
  return list;
}

function provingScripts(map: ProofMap): MapNode[] {
  let list = proving.get(map);
  if (!list) {
    list = map.nodes.filter(
      (n) =>
        n.kind === 'script' &&
        PROVING.test(n.label) &&
        isUnattendedSafe(n.label, typeof n.metadata?.command === 'string' ? n.metadata.command : ''),
    );
    proving.set(map, list);
  }
  return list;
}
