/**
 * The common front matter read without a YAML parser: `key: word words` and `key: [a, b]` lines.
 * Anything else (quotes, numbers, booleans, nesting, comments, block lists, duplicate keys …)
 * returns undefined and goes to the yaml package, whose result this must equal exactly
 * (test/extract/markdown-front-matter-simple.test.ts compares them).
 */

const ENTRY = /^([A-Za-z][A-Za-z0-9_-]*):[ ]+(.*?)[ ]*$/;
/** A plain scalar YAML's core schema reads as a string: starts with a letter, no indicators. */
const WORDS = /^[A-Za-z][A-Za-z0-9 _./-]*$/;
/** Plain scalars the core schema resolves to null or a boolean. */
const KEYWORDS = /^(?:null|Null|NULL|true|True|TRUE|false|False|FALSE)$/;

export function simpleFrontMatter(yaml: string): Record<string, unknown> | undefined {
  const data: Record<string, unknown> = {};
  let keys = 0;
  for (const line of yaml.split(/\r\n|\r|\n/)) {
    if (/^ *$/.test(line)) continue;
    const entry = ENTRY.exec(line);
    if (!entry) return undefined;
    const [, key, raw] = entry as unknown as [string, string, string];
    if (Object.hasOwn(data, key)) return undefined;
    const value = raw.startsWith('[') ? flowSequence(raw) : word(raw);
    if (value === undefined) return undefined;
    data[key] = value;
    keys++;
  }
  return keys > 0 ? data : undefined;
}

function word(raw: string): string | undefined {
  const text = raw.trim();
  return WORDS.test(text) && !KEYWORDS.test(text) && !/ $/.test(text) ? text : undefined;
}

function flowSequence(raw: string): string[] | undefined {
  if (!raw.endsWith(']')) return undefined;
  const inner = raw.slice(1, -1);
  if (inner.trim() === '') return [];
  const items: string[] = [];
  for (const item of inner.split(',')) {
    const value = word(item);
    if (value === undefined) return undefined;
    items.push(value);
  }
  return items;
}
