/**
 * Regular expressions written by users (config `pattern`s) run against every node of the graph,
 * in a hook's time budget and inside the MCP server, so a pattern that backtracks exponentially
 * (`(a|aa)+$`, `(.*a){25}$`) would hang them. They run on RE2 (re2js, pure JavaScript, linear
 * time in the input), compiled by checkup/pattern.ts. RE2 has no lookaround or backreferences; a pattern
 * that needs them falls back to JavaScript's engine only when the syntactic check in
 * config.ts finds no risky shape (that check is a heuristic; the RE2 path is the guarantee).
 */
import { RE2JS } from 're2js';

/** Why RE2 cannot run `pattern`, or undefined when it can. */
export function re2Problem(pattern: string): string | undefined {
  try {
    RE2JS.compile(pattern);
    return undefined;
  } catch (error) {
    return (error as Error).message;
  }
}
