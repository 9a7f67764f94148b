import { describe, expect, it } from 'vitest';
import { foldText } from '../../src/store/fold.js';

describe('foldText', () => {
  // Each pair must fold to the same text: the first as a user may type it, the second as indexed.
  const same: [string, string, string][] = [
    ['Latin acute', 'café', 'cafe'],
    ['Latin umlaut, upper case', 'ÄPFEL', 'apfel'],
    ['sharp s folds to ss', 'Straße', 'STRASSE'],
    ['capital sharp s', 'ẞ', 'ss'],
    ['ligature (NFKC)', 'ﬁle', 'file'],
    ['full-width letters (NFKC)', 'ＡＢＣ', 'abc'],
    ['decomposed input', 'cafe\u0301', 'café'],
    ['Greek tonos and final sigma', 'Λόγος', 'λογοσ'],
    ['Arabic harakat (fatha)', 'كَتَبَ', 'كتب'],
    ['Arabic shadda, kasra, sukun, tanwin', 'مُحَمَّدٌ', 'محمد'],
    ['superscript alef U+0670', 'هٰذا', 'هذا'],
    ['tatweel dropped', 'كـتـــاب', 'كتاب'],
    ['Persian yeh and keheh', 'کیف', 'كيف'],
    ['alef maksura', 'على', 'علي'],
    ['alef with hamza', 'أحمد', 'احمد'],
    ['Persian zero-width non-joiner', 'می\u200Cخواهم', 'میخواهم'],
    ['Arabic-Indic and Persian digits', '٤٢ ۴۲', '42 42'],
    ['Arabic presentation form (NFKC)', '\uFEDF\uFEE0', 'لل'],
  ];
  it.each(same)('%s: %s ≡ %s', (_name, a, b) => {
    expect(foldText(a)).toBe(foldText(b));
  });

  it('folds unvowelled and vowelled Arabic to the bare letters', () => {
    expect(foldText('كَتَبَ')).toBe('كتب');
  });

  it('keeps Indic vowel signs and viramas, which are letters there, not diacritics', () => {
    expect(foldText('कुल')).not.toBe(foldText('कल'));
    expect(foldText('क्ष')).toBe('क्ष');
  });

  it('keeps Hangul intact (NFD splits it; the result is recomposed)', () => {
    expect(foldText('한국어')).toBe('한국어');
  });

  it('is idempotent', () => {
    for (const [, a, b] of same) {
      expect(foldText(foldText(a))).toBe(foldText(a));
      expect(foldText(foldText(b))).toBe(foldText(b));
    }
  });
});
