/**
 * User regular expressions over paths, compiled in one place so the engine behind them can change
 * (a linear-time one has no lookahead and no back-references). Capture groups of a rule's `from`
 * are substituted into its `to` as escaped literal text before compiling; a negative lookahead that
 * holds a substituted group, `packages/(?!$1)`, is evaluated explicitly as "matches `packages/` and
 * does not match `packages/<captured>`", so the rule means the same on any engine.
 */

import { RE2JS } from 're2js';
import { re2Problem } from '../model/user-regex.js';

export interface CompiledPattern {
  test(text: string): boolean;
  /** The capture groups of the first match (group 1 first), or undefined when it does not match. */
  captures(text: string): string[] | undefined;
}

/**
 * The one place a user pattern becomes a matcher: RE2 (linear time, re2js) whenever the pattern
 * has no lookaround or back-reference, else JavaScript's engine behind the configuration's
 * backtracking check (user-regex.ts).
 */
export function compilePattern(source: string): CompiledPattern {
  if (re2Problem(source) === undefined) {
    const re = RE2JS.compile(source);
    return {
      test: (text) => re.matcher(text).find(),
      captures: (text) => {
        const m = re.matcher(text);
        if (!m.find()) return undefined;
        return Array.from({ length: m.groupCount() }, (_, i) => m.group(i + 1) ?? '');
      },
    };
  }
  const re = new RegExp(source);
  return {
    test: (text) => re.test(text),
    captures: (text) => {
      const m = re.exec(text);
      return m ? m.slice(1).map((g) => g ?? '') : undefined;
    },
  };
}

const BACKREF = /\$(\d)/g;

/** True when a `to` pattern refers to groups captured by the rule's `from` (`$1` … `$9`). */
export const hasBackrefs = (source: string | undefined): boolean =>
  source !== undefined && /\$\d/.test(source);

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

const substitute = (source: string, groups: string[]) =>
  source.replace(BACKREF, (_, n: string) => escapeRegex(groups[Number(n) - 1] ?? ''));

/**
 * A `to` pattern with `$N` replaced by what `from` captured. The first negative lookahead that
 * holds a back-reference is split out: `A(?!X)B` is taken as `AB` and not `AX`, which is exactly
 * the lookahead's meaning when `A` matches at one position (a literal prefix, as in the usual
 * `^packages/(?!$1/)`), and never needs the engine to support lookahead.
 */
export function substitutedPattern(source: string, groups: string[]): CompiledPattern['test'] {
  const split = lookaheadWithBackref(source);
  if (!split) {
    const p = compilePattern(substitute(source, groups));
    return (text) => p.test(text);
  }
  const must = compilePattern(substitute(split.before + split.after, groups));
  const mustNot = compilePattern(substitute(split.before + split.inner, groups));
  return (text) => must.test(text) && !mustNot.test(text);
}

function lookaheadWithBackref(source: string): { before: string; inner: string; after: string } | undefined {
  for (let i = 0; i < source.length; i++) {
    if (source[i] === '\\') {
      i++;
      continue;
    }
    if (!source.startsWith('(?!', i)) continue;
    let depth = 0;
    for (let j = i; j < source.length; j++) {
      const c = source[j];
      if (c === '\\') j++;
      else if (c === '[') {
        for (j++; j < source.length && source[j] !== ']'; j++) if (source[j] === '\\') j++;
      } else if (c === '(') depth++;
      else if (c === ')' && --depth === 0) {
        const inner = source.slice(i + 3, j);
        if (hasBackrefs(inner)) return { before: source.slice(0, i), inner, after: source.slice(j + 1) };
        break;
      }
    }
  }
  return undefined;
}
