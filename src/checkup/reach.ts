/**
 * Candidate dead modules: modules no literal load path reaches from an entry point. A module that
 * only a non-literal dynamic import (or require) could load is reported as exactly that, since the
 * scan cannot know its target; neither is ever called dead, only "not reachable over literal
 * imports".
 */
import { posix } from 'node:path';
import type { Entries } from './entries.js';
import { type CheckGraph, isModule, LOAD_RELATIONS, nameOf } from './graph.js';
import type { Problem } from './types.js';

export function reachable(graph: CheckGraph, from: string[]): Set<string> {
  const seen = new Set(from);
  const queue = [...from];
  for (let i = 0; i < queue.length; i++)
    for (const e of graph.out.get(queue[i]!) ?? [])
      if (LOAD_RELATIONS.has(e.relation) && !seen.has(e.to)) {
        seen.add(e.to);
        queue.push(e.to);
      }
  return seen;
}

interface UnknownLoad {
  path: string;
  line: number;
  expression: string;
  /** Folder (with trailing slash) the load can plausibly reach. */
  under: string;
}

/**
 * Non-literal loads recorded in coverage (`scope` is `path:line`). A template or concatenation with
 * a literal relative prefix (`./plugins/${name}`) reaches under that prefix; a bare expression is
 * assumed to stay in the importing module's folder: a guess, said as one in the message.
 */
export function unknownLoads(graph: CheckGraph): UnknownLoad[] {
  const loads: UnknownLoad[] = [];
  for (const c of graph.map.coverage) {
    if (c.analyzer !== 'js-ts' || !c.reason.startsWith('non-literal')) continue;
    const m = /^(.*):(\d+)$/.exec(c.scope);
    if (!m) continue;
    const [, file, line] = m as unknown as [string, string, string];
    const expression = c.detail ?? '';
    const prefix = /^[`'"](\.{1,2}\/[^`'"$]*)/.exec(expression)?.[1];
    const dir = posix.dirname(file);
    const base = prefix ? posix.join(dir, prefix.slice(0, prefix.lastIndexOf('/') + 1)) : dir;
    const under = base === '.' ? '' : `${base.replace(/\/$/, '')}/`;
    loads.push({ path: file, line: Number(line), expression, under });
  }
  return loads;
}

export function reachabilityProblems(graph: CheckGraph, entries: Entries): Problem[] {
  if (entries.ids.length === 0) return [];
  const seen = reachable(graph, entries.ids);
  const reachedPaths = new Set([...seen].map((id) => graph.nodes.get(id)?.path));
  const loads = unknownLoads(graph).filter((l) => reachedPaths.has(l.path));
  const n = entries.ids.length;
  const problems: Problem[] = [];
  for (const id of graph.sortedIds) {
    const node = graph.nodes.get(id)!;
    if (seen.has(id) || !isModule(node)) continue;
    const file = nameOf(node);
    const via = loads.find((l) => file.startsWith(l.under) && l.path !== file);
    const evidence = [{ source: 'derived' as const, path: file, line: 1 }];
    if (via) {
      problems.push({
        kind: 'warning',
        code: 'dynamic-only-reachable',
        node: file,
        message:
          `${file} is not reachable over literal imports from the ${n} entry points; the only way in that the scan could not rule out is the non-literal dynamic load at ${via.path}:${via.line} (${via.expression}), whose target is computed at run time` +
          `${via.expression.startsWith('`') || /^['"]/.test(via.expression) ? '' : ' (assumed to stay in its own folder)'}. ` +
          'If that load reaches this file it is used; otherwise it is dead code. Check which before deleting it.',
        evidence: [...evidence, { source: 'code', path: via.path, line: via.line, excerpt: via.expression }],
      });
    } else {
      problems.push({
        kind: 'warning',
        code: 'unreachable-module',
        node: file,
        message:
          `${file} is not reachable over literal imports from the ${n} entry points. ` +
          'It may still be loaded by a bundler, a test runner or a non-literal import the scan could not follow — check before deleting it, or declare it under entries if it is one.',
        evidence,
      });
    }
  }
  return problems;
}
