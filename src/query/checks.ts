/**
 * The checks that prove a change to a file, each with where it came from, most specific first:
 * the configuration's `checks` whose path globs match, `checks` declared in the front matter of
 * an artifact that covers the file, the test/check/lint scripts of the package the file belongs
 * to, and `npm test` only when nothing else applies.
 */
import picomatch from 'picomatch';
import type { MapNode } from '../map/schema.js';
import type { Evidence } from '../model/types.js';
import type { Session } from './session.js';

export interface Check {
  run: string;
  source: 'config' | 'front-matter' | 'package-script' | 'default';
  evidence?: Evidence;
}

const SCRIPT_NAMES = /^(test|check|lint|typecheck)(:|$)/;

export function checksFor(session: Session, paths: readonly string[]): Check[] {
  const out: Check[] = [];
  const seen = new Set<string>();
  const add = (c: Check) => {
    if (!seen.has(c.run)) out.push(c);
    seen.add(c.run);
  };
  const loaded = session.deps.config();
  (loaded.config.checks ?? []).forEach((check, i) => {
    if (!paths.some((p) => picomatch(check.path, { dot: true })(p))) return;
    const line = loaded.lineOf(['checks', i]);
    add({
      run: check.run,
      source: 'config',
      ...(loaded.file ? { evidence: { source: 'config', path: loaded.file, line } } : {}),
    });
  });
  const ids = new Set(paths.map((p) => session.nodeAt(p)?.id));
  for (const e of session.map.edges) {
    if (e.relation !== 'covers' || !ids.has(e.to)) continue;
    const checks = session.node(e.from)?.metadata?.checks;
    if (Array.isArray(checks))
      for (const run of checks)
        if (typeof run === 'string') add({ run, source: 'front-matter', evidence: e.evidence[0]! });
  }
  for (const script of packageScripts(session, paths)) {
    add({
      run: `npm run ${script.label}${prefixOf(script)}`,
      source: 'package-script',
      evidence: script.found_at,
    });
  }
  if (out.length === 0) add({ run: 'npm test', source: 'default' });
  return out;
}

/** Scripts of the nearest package.json above any of the paths whose name is test/check/lint. */
function packageScripts(session: Session, paths: readonly string[]): MapNode[] {
  const scripts = session.map.nodes.filter((n) => n.kind === 'script' && SCRIPT_NAMES.test(n.label));
  const dirOf = (s: MapNode) => s.key.replace(/\/?package\.json#.*$/, '');
  const picked = new Map<string, MapNode>();
  for (const p of paths) {
    const owning = scripts.filter((s) => dirOf(s) === '' || p.startsWith(`${dirOf(s)}/`));
    const deepest = Math.max(-1, ...owning.map((s) => dirOf(s).length));
    for (const s of owning) if (dirOf(s).length === deepest) picked.set(s.id, s);
  }
  return [...picked.values()].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}

const prefixOf = (script: MapNode) => {
  const dir = script.key.replace(/\/?package\.json#.*$/, '');
  return dir === '' ? '' : ` --prefix ${dir}`;
};
