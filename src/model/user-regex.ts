/**
 * Regular expressions written by users (config `pattern`s) run against every node of the graph,
 * in a hook's time budget and inside the MCP server, so a pattern that backtracks exponentially
 * (`(a|aa)+$`, `(.*a){25}$`) would hang them. They run on RE2 (re2js, pure JavaScript, linear
 * time in the input), whatever the pattern. RE2 has no lookaround or backreferences; a pattern
 * that needs them falls back to JavaScript's engine only when the syntactic check in
 * config.ts finds no risky shape (that check is a heuristic; the RE2 path is the guarantee).
 */
import { RE2JS } from 're2js';

export interface UserPattern {
  test(text: string): boolean;
  /** 're2' (linear time) or 'js' (lookaround or backreferences, heuristically checked). */
  engine: 're2' | 'js';
}

/** Why RE2 cannot run `pattern`, or undefined when it can. */
export function re2Problem(pattern: string): string | undefined {
  try {
    RE2JS.compile(pattern);
    return undefined;
  } catch (error) {
    return (error as Error).message;
  }
}

/** Compiles a pattern the configuration check accepted; RE2 whenever it can. */
export function compileUserPattern(pattern: string): UserPattern {
  if (re2Problem(pattern) === undefined) {
    const re = RE2JS.compile(pattern);
    return { engine: 're2', test: (text) => re.matcher(text).find() };
  }
  const re = new RegExp(pattern);
  return { engine: 'js', test: (text) => re.test(text) };
}
