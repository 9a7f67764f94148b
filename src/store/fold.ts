/**
 * The one folding function of search. It runs on every indexed text and on every query, so both
 * sides always agree. FTS5's own `remove_diacritics` knows Latin only, which is why folding
 * happens before SQLite ever sees the text.
 */

/**
 * Bump when foldText's output changes for any input: the index stores folded text, and this
 * version is part of the schema hash, so an index folded the old way is rebuilt, not half-matched.
 */
export const FOLD_VERSION = 1;

// Combining marks are diacritics in these scripts (accents, Greek tonos, Arabic harakat, Hebrew
// niqqud). In Indic and South-East Asian scripts marks are vowels and viramas: stripping them
// there would merge different words, so a mark is dropped only after a base of these scripts.
const DIACRITICS =
  /([\p{sc=Latin}\p{sc=Greek}\p{sc=Cyrillic}\p{sc=Arabic}\p{sc=Hebrew}\p{sc=Syriac}\p{sc=Common}])\p{M}+/gu;

// Full case folding beyond toLowerCase: ß (and ẞ, lowered to ß) folds to "ss", final sigma to σ.
const CASE_FOLD: Record<string, string> = { ß: 'ss', ς: 'σ' };

// Arabic-script letters written differently across keyboards: Persian yeh/keheh and alef
// maksura fold to the Arabic yeh/kaf (as Lucene's Arabic and Persian normalisers do).
const LETTERS: Record<string, string> = { '\u06CC': '\u064A', '\u0649': '\u064A', '\u06A9': '\u0643' };

// Any code unit above U+007F (surrogates included: the pattern has no `u` flag).
const NON_ASCII = /[\u0080-\uffff]/;

/**
 * NFKC, case fold, strip diacritic marks (Latin accents and Arabic/Persian harakat U+064B–U+065F,
 * U+0670 alike), unify ی/ى→ي and ک→ك, drop tatweel and invisible format characters (ZWNJ, bidi
 * marks), and map Arabic-Indic and Persian digits to ASCII. Idempotent.
 */
export function foldText(text: string): string {
  // ASCII is its own NFKC/NFD/NFC, has no marks, no Cf characters and no Arabic letters: folding
  // it is lowering it. Nearly every indexed name and path is ASCII (~60,000 on 7,000 files).
  if (!NON_ASCII.test(text)) return text.toLowerCase();
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[ßς]/g, (c) => CASE_FOLD[c] ?? c)
    .normalize('NFD')
    .replace(DIACRITICS, '$1')
    .normalize('NFC')
    .replace(/[\u06CC\u0649\u06A9]/g, (c) => LETTERS[c] ?? c)
    .replace(/[\u0640\p{Cf}]/gu, '')
    .replace(/[\u0660-\u0669\u06F0-\u06F9]/g, (c) => String(c.charCodeAt(0) & 0xf));
}
