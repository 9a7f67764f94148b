/**
 * The common front matter read without a YAML parser: `key: word words`, `key: 2024-01-31`,
 * `key: [a, b]` and `key:` followed by `  - item` lines.
 * Anything else (quotes, numbers, booleans, nesting, comments, block lists, duplicate keys …)
 * returns undefined and goes to the yaml package, whose result this must equal exactly
 * (test/extract/markdown-front-matter-simple.test.ts compares them).
 */

const ENTRY = /^([A-Za-z][A-Za-z0-9_-]*):[ ]+(.*?)[ ]*$/;
/** A key whose value is the block sequence on the following lines. */
const SEQUENCE_KEY = /^([A-Za-z][A-Za-z0-9_-]*):[ ]*$/;
const ITEM = /^( *)-[ ]+(.*?)[ ]*$/;
/** The core schema has no timestamps: a date is a string. */
const DATE = /^\d{4}-\d{2}-\d{2}$/;
/** A plain scalar YAML's core schema reads as a string: starts with a letter, no indicators. */
const WORDS = /^[A-Za-z][A-Za-z0-9 _./-]*$/;
/** Plain scalars the core schema resolves to null or a boolean. */
const KEYWORDS = /^(?:null|Null|NULL|true|True|TRUE|false|False|FALSE)$/;

export function simpleFrontMatter(yaml: string): Record<string, unknown> | undefined {
  const data: Record<string, unknown> = {};
  let keys = 0;
  const lines = yaml.split(/\r\n|\r|\n/);
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (/^ *$/.test(line)) continue;
    const sequence = SEQUENCE_KEY.exec(line);
    let key: string;
    let value: unknown;
    if (sequence) {
      key = sequence[1]!;
      const items: string[] = [];
      let indent: string | undefined;
      for (let item = ITEM.exec(lines[i + 1] ?? ''); item; item = ITEM.exec(lines[i + 1] ?? '')) {
        if (indent !== undefined && item[1] !== indent) return undefined;
        indent = item[1]!;
        const text = word(item[2]!);
        if (text === undefined) return undefined;
        items.push(text);
        i++;
      }
      if (items.length === 0) return undefined;
      value = items;
    } else {
      const entry = ENTRY.exec(line);
      if (!entry) return undefined;
      key = entry[1]!;
      const raw = entry[2]!;
      value = raw.startsWith('[') ? flowSequence(raw) : word(raw);
    }
    if (value === undefined || Object.hasOwn(data, key)) return undefined;
    data[key] = value;
    keys++;
  }
  return keys > 0 ? data : undefined;
}

function word(raw: string): string | undefined {
  const text = raw.trim();
  if (DATE.test(text)) return text;
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
