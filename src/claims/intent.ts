/**
 * What a line does with what it names, read from its wording: tells the reader to create the
 * file, gives an example or a placeholder, records history (a changelog), or states a condition
 * ("Node 24.5+ for feature X"). Such a line makes no claim that the thing exists or holds today,
 * so a detector's "contradicted" becomes "unverified" with this reason. Pure wording rules.
 */
import type { ClaimReading } from './schema.js';

const CREATE =
  /\b(?:create[sd]?|creating|make|makes|add|adds|adding|copy|copies|move|moves|write|writes|writing|generates?|generated|touch|save[sd]?|rename[sd]?|scaffolds?|emits?|produces?|outputs?|initiali[sz]es?|set up|sets up)\b/i;
const EXAMPLE =
  /(?:\be\.g\.|\bfor example\b|\bfor instance\b|\bsuch as\b|\bexample\b|\blike\b|\bmodell?ed on\b)/i;
const PLACEHOLDER =
  /x{3,}|y{4}|\bN{4}\b|\bYYYY|<[^>]+>|\{[^}]*\}|\bpath\/to\b|\byour[-_]|\bmy[-_]|(?:^|\/)(?:foo|bar|baz|qux|abc|some|example)(?:[-_./]|$)|\.\.\.|…/i;
const CHANGELOG = /(?:^|\/)(?:change[-_]?log|changes|history|releases?|news)(?:\.[a-z]+)?$/i;
const CONDITIONAL = /\b(?:for|to use|when using|if you use|in order to|with)\b/i;

/** Why a path as written is a placeholder, not a file; undefined for a real-looking path. */
export function placeholderPath(path: string): string | undefined {
  return PLACEHOLDER.test(path) ? `${path} is a placeholder, not a file name` : undefined;
}

/**
 * The reading of a path mention at `column` (1-based) of `line`: the reader is told to create it,
 * or it is an example; undefined when the line simply names it.
 */
export function pathIntent(line: string, column: number, path: string): ClaimReading | undefined {
  const placeholder = placeholderPath(path);
  if (placeholder) return { intent: 'example', why: placeholder };
  const sentence = sentenceAround(line, column - 1);
  if (CREATE.test(sentence))
    return { intent: 'creates', why: 'the line tells the reader (or the tool) to create or write it' };
  const before = sentence.slice(0, Math.max(0, column - 1 - sentenceStart(line, column - 1)));
  if (EXAMPLE.test(before.slice(-60))) return { intent: 'example', why: 'the line gives it as an example' };
  return undefined;
}

/** A changelog states what was true at each release, not what holds today. */
export function historyIntent(doc: string): ClaimReading | undefined {
  return CHANGELOG.test(doc)
    ? { intent: 'history', why: `${doc} is a changelog, which records past releases` }
    : undefined;
}

/** "Node.js 24.5+ for the permission model": a version some feature needs, not the package's floor. */
export function conditionalIntent(line: string, end: number): ClaimReading | undefined {
  const after = line.slice(end, end + 40);
  return CONDITIONAL.test(after.split(/[.;:]/)[0] ?? '') || /^\s*\.\d/.test(after)
    ? { intent: 'conditional', why: 'the version is stated for a feature or a case, not as the minimum' }
    : undefined;
}

function sentenceStart(line: string, at: number): number {
  const cut = Math.max(line.lastIndexOf('. ', at), line.lastIndexOf('| ', at));
  return cut < 0 ? 0 : cut + 2;
}

function sentenceAround(line: string, at: number): string {
  const start = sentenceStart(line, at);
  const ends = ['. ', ' |'].map((s) => line.indexOf(s, at)).filter((i) => i >= 0);
  return line.slice(start, ends.length > 0 ? Math.min(...ends) : line.length);
}
