/**
 * SARIF 2.1.0 for code-scanning UIs: one run, one rule per problem code, one result per problem
 * with every piece of evidence as a location (the first is the primary one).
 */
import { sarifLocation, sarifLog } from '../model/sarif.js';
import type { CheckupResult, ProblemCode } from './types.js';

const RULES: Record<ProblemCode, string> = {
  'unknown-node': 'A rule, area, entry or flow names something that is not in the repository.',
  'no-entry': 'No entry point to start reachability from.',
  'forbidden-dependency': 'A dependency that a declared rule forbids.',
  'required-dependency-missing': 'A module lacks a dependency that a declared rule requires.',
  'reachable-by-rule': 'A module reachable from where a rule says it must not be.',
  'unreachable-by-rule': 'A module a rule says must be reachable from somewhere, and is not.',
  'dangling-typed-link': 'A typed link in a record points at nothing.',
  'superseded-still-relied-on': 'An accepted record is based on a superseded one.',
  'unreachable-module': 'A module not reachable over literal imports from any entry point.',
  'dynamic-only-reachable': 'A module only a non-literal dynamic import could load.',
  'import-cycle': 'Modules that import each other in a cycle.',
  'self-import': 'A module that imports itself.',
  'flow-incomplete': 'A declared flow with consecutive steps that no edge joins.',
  'orphan-document': 'A document nothing links to and that links nowhere.',
  'shadowed-rule': 'A rule that an earlier rule always decides.',
};

export function sarifReport(result: CheckupResult, version: string): string {
  const codes = Object.keys(RULES) as ProblemCode[];
  const rules = codes.map((id) => ({ id, shortDescription: { text: RULES[id] } }));
  const results = result.problems.map((p) => ({
    ruleId: p.code,
    ruleIndex: codes.indexOf(p.code),
    level: p.kind,
    message: { text: p.message },
    // Checkup evidence always names a line; the region defaults to line 1 when it does not.
    locations: p.evidence.map((e) => sarifLocation(e.path, e.line ?? 1, e.column)),
  }));
  return `${JSON.stringify(sarifLog(version, rules, results), null, 2)}\n`;
}
