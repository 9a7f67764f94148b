/**
 * A later rule is shadowed when an earlier one already raises every problem it could raise, at
 * the same or a higher severity: judged on the node sets the endpoints match in this map, so it
 * says "in this repository, today", not "for every future file".
 *  - forbidden: later.from ⊆ earlier.from and later.to ⊆ earlier.to;
 *  - allowed-only: later.from ⊆ earlier.from and earlier.to ⊆ later.to (the later one allows more);
 *  - required: later.from ⊆ earlier.from and earlier.to ⊆ later.to (meeting the earlier meets it).
 * Relations: forbidden and allowed-only need later ⊆ earlier; required needs earlier ⊆ later. A
 * rule with dependency types admits fewer edges than its relations say, so the wider side must
 * have none, or both the same.
 */
import { configEvidence, ruleName } from './config-evidence.js';
import type { ResolvedRule } from './rules.js';
import type { CheckupOptions, Problem } from './types.js';

const within = (a: Set<string>, b: Set<string>) => a.size <= b.size && [...a].every((x) => b.has(x));
/** a admits no edge b does not: its relations are within b's and b filters no more than a. */
const admitsWithin = (a: ResolvedRule, b: ResolvedRule) =>
  within(a.relations, b.relations) && (b.typesKey === undefined || b.typesKey === a.typesKey);
const rank = (r: ResolvedRule) => (r.rule.severity === 'warning' ? 0 : 1);

function decides(earlier: ResolvedRule, later: ResolvedRule): boolean {
  if (
    earlier.rule.kind !== later.rule.kind ||
    rank(earlier) < rank(later) ||
    !within(later.from, earlier.from)
  )
    return false;
  if (later.rule.kind === 'forbidden') return within(later.to, earlier.to) && admitsWithin(later, earlier);
  if (later.rule.kind === 'allowed-only') return within(earlier.to, later.to) && admitsWithin(later, earlier);
  return within(earlier.to, later.to) && admitsWithin(earlier, later);
}

export function shadowedRules(rules: ResolvedRule[], opts: CheckupOptions): Problem[] {
  const problems: Problem[] = [];
  rules.forEach((later, j) => {
    const earlier = rules.slice(0, j).find((r) => decides(r, later));
    if (!earlier) return;
    const e = configEvidence(opts, ['rules', earlier.index]);
    problems.push({
      kind: 'warning',
      code: 'shadowed-rule',
      message:
        `${ruleName(later.rule, later.index)} can never report anything of its own: ${ruleName(earlier.rule, earlier.index)} at ${e.path}:${e.line} already matches everything it matches in this repository, with the same kind and at least its severity. ` +
        'Remove it, or narrow or widen one of the two so each says something different.',
      evidence: [configEvidence(opts, ['rules', later.index]), e],
    });
  });
  return problems;
}
