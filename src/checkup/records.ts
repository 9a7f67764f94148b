/**
 * Problems with decision records: typed links that point nowhere (found by the scan, recorded as
 * findings) and accepted records still based on a record that has been superseded.
 */
import { at, type CheckGraph } from './graph.js';
import type { Problem } from './types.js';

export function danglingLinks(graph: CheckGraph): Problem[] {
  return graph.map.findings
    .filter((f) => f.code === 'dangling-typed-link')
    .map((f) => ({
      kind: 'error' as const,
      code: 'dangling-typed-link' as const,
      from: f.evidence[0]!.path,
      ...(f.target ? { to: f.target } : {}),
      message: `${f.message.replace(/\.?$/, '.')} A typed link that points nowhere claims a relation nobody can check; fix the target or remove the link.`,
      evidence: f.evidence,
    }));
}

const status = (graph: CheckGraph, id: string) =>
  String(graph.nodes.get(id)?.metadata?.status ?? '').toLowerCase();

export function supersededReliedOn(graph: CheckGraph): Problem[] {
  const problems: Problem[] = [];
  for (const id of graph.sortedIds) {
    const record = graph.nodes.get(id)!;
    if (record.kind !== 'artifact' || status(graph, id) !== 'accepted') continue;
    for (const e of graph.out.get(id) ?? []) {
      if (e.relation !== 'based_on') continue;
      const base = graph.nodes.get(e.to)!;
      const by = (graph.in.get(e.to) ?? []).find((s) => s.relation === 'supersedes');
      if (status(graph, e.to) !== 'superseded' && !by) continue;
      const how = by
        ? `${graph.nodes.get(by.from)!.key} supersedes it (${at(by.evidence[0])})`
        : `its status is superseded (${base.path ?? base.key})`;
      problems.push({
        kind: 'error',
        code: 'superseded-still-relied-on',
        from: record.key,
        to: base.key,
        node: record.path ?? record.key,
        message:
          `${record.key} is accepted and based on ${base.key} (${at(e.evidence[0])}), but ${base.key} has been superseded: ${how}. ` +
          `A live decision built on a replaced one may rest on reasoning that no longer holds; re-base ${record.key} on the record that replaced it, or mark it superseded too.`,
        evidence: [e.evidence[0]!, ...(by ? [by.evidence[0]!] : [])],
      });
    }
  }
  return problems;
}
