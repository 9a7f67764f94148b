import { describe, expect, it } from 'vitest';
import { type MentionFacts, pathLike, proseMentions } from '../../src/extract/markdown-mentions.js';
import { sourceText } from '../../src/extract/markdown-source.js';

const OPENERS = '(["\'‘“<';
const CLOSERS = '.,;:!?)]}"\'’”>';

/** proseMentions as it was written before the word scan: every word of split(/\s+/). */
function bySplit(value: string): MentionFacts {
  const source = sourceText(value);
  const out: MentionFacts = { mentions: [], symbols: [] };
  let cursor = 0;
  for (const word of value.split(/\s+/)) {
    let token = word;
    while (token.length > 0 && OPENERS.includes(token[0]!)) token = token.slice(1);
    while (token.length > 0 && CLOSERS.includes(token[token.length - 1]!)) token = token.slice(0, -1);
    const path = pathLike(token);
    if (!path) continue;
    const at = value.indexOf(path, cursor);
    if (at < 0) continue;
    cursor = at + path.length;
    out.mentions.push({ path, via: 'prose', ...source.placeAt(at) });
  }
  return out;
}

describe('proseMentions word scan', () => {
  const texts = [
    'see src/a.ts and ./b.md.',
    '  leading and trailing  src/x.ts  ',
    'unicode\u00a0spaces\u2003src/y.ts\u3000z.json\ufeffq/r',
    'a.b.c/d e/f/g. (h/i) “j/k.md” <l/m>',
    'no candidates at all here',
    'x/y.md x/y.md x/y.md',
    '...///... a/b:12:3 c.ts:7',
    'tabs\tsrc/t.ts\nnew/line.md\r\nlast/one.md',
  ];
  it.each(texts)('finds in %j what split(/\\s+/) words found', (value) => {
    const out: MentionFacts = { mentions: [], symbols: [] };
    proseMentions(value, 0, value.length, sourceText(value), out);
    expect(out.mentions.length).toBeGreaterThanOrEqual(value.includes('/') ? 1 : 0);
    expect(out).toEqual(bySplit(value));
  });
});
