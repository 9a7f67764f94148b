/**
 * A small UTS #39-style skeleton: common Cyrillic and Greek letters that render like Latin ones
 * map to their Latin prototype. Two names with the same skeleton but different code points look
 * identical to a reader and are different tokens to a compiler: a near miss, never a match.
 */
const PROTOTYPES: Record<string, string> = {
  // Cyrillic lower case
  а: 'a',
  в: 'b',
  е: 'e',
  ё: 'e',
  һ: 'h',
  і: 'i',
  ї: 'i',
  ј: 'j',
  к: 'k',
  м: 'm',
  н: 'h',
  о: 'o',
  р: 'p',
  с: 'c',
  т: 't',
  у: 'y',
  х: 'x',
  ѕ: 's',
  ԁ: 'd',
  ԛ: 'q',
  ԝ: 'w',
  ү: 'y',
  ɡ: 'g',
  // Cyrillic upper case
  А: 'A',
  В: 'B',
  Е: 'E',
  К: 'K',
  М: 'M',
  Н: 'H',
  О: 'O',
  Р: 'P',
  С: 'C',
  Т: 'T',
  Х: 'X',
  І: 'I',
  Ј: 'J',
  Ѕ: 'S',
  Ү: 'Y',
  // Greek
  α: 'a',
  ο: 'o',
  ρ: 'p',
  ν: 'v',
  ι: 'i',
  κ: 'k',
  τ: 't',
  υ: 'u',
  χ: 'x',
  ε: 'e',
  Α: 'A',
  Β: 'B',
  Ε: 'E',
  Ζ: 'Z',
  Η: 'H',
  Ι: 'I',
  Κ: 'K',
  Μ: 'M',
  Ν: 'N',
  Ο: 'O',
  Ρ: 'P',
  Τ: 'T',
  Υ: 'Y',
  Χ: 'X',
  // Latin look-alikes and digits
  ı: 'i',
  ℓ: 'l',
  '０': '0',
  '１': '1',
};

/** The skeleton of a string: NFKC, then every confusable replaced by its prototype. */
export function skeleton(text: string): string {
  let out = skeletons.get(text);
  if (out !== undefined) return out;
  out = '';
  for (const ch of text.normalize('NFKC')) out += PROTOTYPES[ch] ?? ch;
  // Kept: a claims run compares each unsettled name with every exported name of the repository,
  // thousands of times over the same few thousand names. Bounded, as a server runs for hours.
  if (skeletons.size >= MAX_SKELETONS) skeletons.clear();
  skeletons.set(text, out);
  return out;
}

const skeletons = new Map<string, string>();
const MAX_SKELETONS = 100_000;

/** True when the text holds a letter outside ASCII that the skeleton maps to ASCII. */
export function hasConfusable(text: string): boolean {
  for (const ch of text) if (PROTOTYPES[ch] !== undefined) return true;
  return false;
}

/** Same skeleton, different code points: what a homoglyph attack or a bad paste looks like. */
export function confusableWith(a: string, b: string): boolean {
  return a !== b && skeleton(a) === skeleton(b);
}
