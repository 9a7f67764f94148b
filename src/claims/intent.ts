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

/** A command in a code span just before an opening parenthesis: `node x.js --n 3` (. */
const COMMAND_THEN_PAREN = /`(?:node|npx|npm run|pnpm|yarn|bun|deno)\s[^`]*`\s*\($/;

/**
 * "Node.js 24.5+ for the permission model": a version some feature needs, not the package's
 * floor; so is one in parentheses right after a command (`` `node bench/x.js` (Node 22.5+) ``),
 * which that command needs. A package name before it (`` `pkg` (Node 18+) ``) is still a floor.
 */
export function conditionalIntent(line: string, start: number, end: number): ClaimReading | undefined {
  const after = line.slice(end, end + 40);
  if (CONDITIONAL.test(after.split(/[.;:]/)[0] ?? '') || /^\s*\.\d/.test(after))
    return {
      intent: 'conditional',
      why: 'the version is stated for a feature or a case, not as the minimum',
    };
  if (COMMAND_THEN_PAREN.test(line.slice(0, start)) && /^\+?\)/.test(after))
    return {
      intent: 'conditional',
      why: 'the version is stated for the command just before it, not as the minimum',
    };
  return undefined;
}

/** Abbreviations whose period ends no sentence: "(e.g. `src/x.ts`)" is still an example. */
const ABBREVIATION = /\b(?:e\.g|i\.e|etc|vs|cf)$/i;

function sentenceStart(line: string, at: number): number {
  let stop = line.lastIndexOf('. ', at);
  while (stop >= 0 && ABBREVIATION.test(line.slice(0, stop))) stop = line.lastIndexOf('. ', stop - 1);
  const cut = Math.max(stop, line.lastIndexOf('| ', at));
  return cut < 0 ? 0 : cut + 2;
}

function sentenceAround(line: string, at: number): string {
  const start = sentenceStart(line, at);
  const ends = ['. ', ' |'].map((s) => line.indexOf(s, at)).filter((i) => i >= 0);
  return line.slice(start, ends.length > 0 ? Math.min(...ends) : line.length);
}
