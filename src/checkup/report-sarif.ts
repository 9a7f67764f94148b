/**
 * SARIF 2.1.0 for code-scanning UIs: one run, one rule per problem code with a full description
 * and help, one result per problem. The first piece of evidence is the result's location (code
 * scanning shows only the first); the others, the config line of the rule among them, are
 * related locations, so the alert links to the rule that raised it.
 */
import { INFORMATION_URI, sarifLocation, sarifLog } from '../model/sarif.js';
import type { CheckupResult, ProblemCode } from './types.js';

/** [short description, what it means and what to do]. */
const RULES: Record<ProblemCode, [string, string]> = {
  'unknown-node': [
    'A rule, area, entry or flow names something that is not in the repository.',
    'The declaration can never apply, which is almost always a typo. Fix the path or area name in the config, or remove the declaration.',
  ],
  'no-entry': [
    'No entry point to start reachability from.',
    'Without an entry point nothing can be judged reachable. Declare the source entry points under `entries` (proofmap init proposes them).',
  ],
  'forbidden-dependency': [
    'A dependency that a declared rule forbids.',
    'A module depends on something a rule in the config forbids it to depend on. Remove the dependency or move the code to where it is allowed; the related location is the rule.',
  ],
  'required-dependency-missing': [
    'A module lacks a dependency that a declared rule requires.',
    'A rule requires every module in its `from` to depend on its `to`. Add the import or narrow the rule.',
  ],
  'reachable-by-rule': [
    'A module reachable from where a rule says it must not be.',
    'A `to.reachable: true` rule forbids these modules from being reachable from its `from`. Cut the chain of imports that pulls the module in.',
  ],
  'unreachable-by-rule': [
    'A module a rule says must be reachable, and is not.',
    'A `to.reachable: false` rule names modules that no module in its `from` reaches. Import the module from there, or delete it if it is dead.',
  ],
  'dangling-typed-link': [
    'A typed link in a record points at nothing.',
    'A decision record links (based_on, supersedes, …) to an id no record has. Fix the id or remove the link.',
  ],
  'superseded-still-relied-on': [
    'An accepted record is based on a superseded one.',
    'Review the accepted record against the record that superseded its basis.',
  ],
  'unreachable-module': [
    'A module not reachable over literal imports from any entry point.',
    'Possibly dead code: nothing the scan can follow loads it. It may still be loaded by a bundler, a test runner or a computed import; check before deleting it, or declare it under `entries`.',
  ],
  'dynamic-only-reachable': [
    'A module only a non-literal dynamic import could load.',
    'The only way in is an import whose target is computed at run time. Check whether that load reaches the module before deleting it.',
  ],
  'import-cycle': [
    'Modules that import each other in a cycle.',
    'A runtime import cycle makes load order matter. Break the cycle by moving the shared code into a module both import.',
  ],
  'self-import': ['A module that imports itself.', 'Remove the import of the module from itself.'],
  'flow-incomplete': [
    'A declared flow with consecutive steps that no edge joins.',
    'A flow in the config names steps that no dependency joins. Fix the steps or the code.',
  ],
  'orphan-document': [
    'A document nothing links to and that links nowhere.',
    'Link the document from where readers look, or remove it.',
  ],
  'shadowed-rule': [
    'A rule that an earlier rule always decides.',
    'The rule can never change the outcome. Remove it or reorder the rules.',
  ],
  'unused-export': [
    'An export no file uses, through any barrel, and no entry point exposes.',
    'Nothing in the repository imports this name and no package entry point passes it on. Drop the export, or the declaration if its own file does not use it either.',
  ],
};

export function sarifReport(result: CheckupResult, version: string): string {
  const codes = Object.keys(RULES) as ProblemCode[];
  const rules = codes.map((id) => {
    const [short, full] = RULES[id];
    return {
      id,
      shortDescription: { text: short },
      fullDescription: { text: full },
      help: { text: `${short} ${full}`, markdown: `**${short}**\n\n${full}` },
      ...(INFORMATION_URI ? { helpUri: INFORMATION_URI } : {}),
    };
  });
  const results = result.problems.map((p) => {
    // Checkup evidence always names a line; the region defaults to line 1 when it does not.
    const [primary, ...rest] = p.evidence;
    return {
      ruleId: p.code,
      ruleIndex: codes.indexOf(p.code),
      level: p.kind,
      message: { text: p.message },
      locations: primary ? [sarifLocation(primary.path, primary.line ?? 1, primary.column)] : [],
      ...(rest.length > 0
        ? {
            relatedLocations: rest.map((e, i) => ({
              id: i + 1,
              ...sarifLocation(e.path, e.line ?? 1, e.column),
              message: {
                text: e.source === 'config' ? 'the declaration in the config' : (e.excerpt ?? 'related'),
              },
            })),
          }
        : {}),
    };
  });
  return `${JSON.stringify(sarifLog(version, rules, results), null, 2)}\n`;
}
