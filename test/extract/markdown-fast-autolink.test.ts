import { describe, expect, it } from 'vitest';
import { mayHoldAutolinkOrFootnote } from '../../src/extract/markdown-fast.js';
import { ownDocs, packageReadmes } from './markdown-corpus.js';

/** The one expression mayHoldAutolinkOrFootnote splits into branches. */
const WHOLE = /[\w+.-]@[\w-]+\.|www\.|https?:\/\/|\[\^/i;

describe('mayHoldAutolinkOrFootnote', () => {
  it('answers as the single expression on edge cases', () => {
    const cases = [
      '',
      'plain prose.',
      'a@b',
      'a@b.c',
      '@b.c',
      'x @b.c',
      'me+tag@host-name.org',
      'WWW.example',
      'wWw.',
      'www',
      'Http://x',
      'HTTPS://x',
      'http:/x',
      'https:x//',
      'see [^1]',
      '[ ^1]',
      'a // b',
      'a.b // c',
      'ftp://x',
      'x@-.',
      'é@b.c',
      'under_score@x.y',
    ];
    for (const text of cases) expect(mayHoldAutolinkOrFootnote(text), text).toBe(WHOLE.test(text));
  });

  it('answers as the single expression on every paragraph of real documents', () => {
    let paragraphs = 0;
    let holding = 0;
    for (const { text } of [...ownDocs(), ...packageReadmes(5)])
      for (const paragraph of text.split(/\n\s*\n/)) {
        paragraphs++;
        const whole = WHOLE.test(paragraph);
        if (whole) holding++;
        expect(mayHoldAutolinkOrFootnote(paragraph), paragraph).toBe(whole);
      }
    // Both answers occur, or the comparison would prove little.
    expect(holding).toBeGreaterThan(50);
    expect(paragraphs - holding).toBeGreaterThan(500);
  });
});
