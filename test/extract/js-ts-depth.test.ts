import { describe, expect, it } from 'vitest';
import { ISOLATE_DEPTH, isolationNeed, nestingOf } from '../../src/extract/js-ts-depth.js';

describe('nestingOf', () => {
  it.each([
    ['brackets', 'f([{a: (1)}]);', { depth: 4 }],
    ['strings and comments do not count', `const s = "(((" + '[[[' ; // (((\n/* {{{ */ x`, { depth: 0 }],
    ['template literals and their ${', 'const t = `a${`b${c}`}`;', { depth: 4 }],
    ['an escaped backtick stays in the template', 'const t = `\\`(((`;', { depth: 1 }],
    ['generics nest, comparisons reset at the statement end', 'let x: A<B<C>>;\nif (i<n) {}', { depth: 2 }],
    ['operator chains reset at a line break', 'a = b = c\nd = e', { chain: 2 }],
    ['keyword chains', 'x = typeof typeof typeof y', { chain: 4 }],
    ['if and else are counted over the whole file', 'if (a) {}\nelse if (b) {}\nelse {}', { branches: 4 }],
  ])('%s', (_name, text, expected) => {
    expect(nestingOf(text)).toMatchObject(expected);
  });

  const chaining = ['if', 'else', 'typeof', 'new', 'await', 'void', 'delete', 'keyof', 'extends', 'yield'];
  it.each(chaining)('%s chains; a longer or shorter word of the same letters does not', (word) => {
    expect(nestingOf(`x ${word} ${word} ${word} y`).chain).toBe(3);
    expect(nestingOf(`x ${word}s ${word}s ${word}s y`).chain).toBe(0);
    expect(nestingOf(`x ${word.slice(0, -1)} ${word.slice(0, -1)} y`).chain).toBe(0);
    expect(nestingOf(`${word} ${word}`).branches).toBe(word === 'if' || word === 'else' ? 2 : 0);
  });
});

describe('isolationNeed', () => {
  it('passes ordinary code and flags each hostile shape', () => {
    expect(
      isolationNeed('import { a } from "./a.js";\nexport const b = (a) => [a, { a }];\n'),
    ).toBeUndefined();
    expect(isolationNeed(`x = ${'('.repeat(ISOLATE_DEPTH + 1)}`)).toEqual({
      reason: 'it nests 401 levels deep',
      refuse: false,
    });
    expect(isolationNeed(`x = ${'a='.repeat(3000)}1`)?.reason).toBe(
      'it chains 3001 operators in one expression',
    );
    expect(isolationNeed(`${'if(a){}\nelse '.repeat(3001)}{}`)?.reason).toBe('it has 6002 if/else branches');
    expect(isolationNeed(`let x: ${'A<'.repeat(500)}B${'>'.repeat(500)};`)?.refuse).toBe(false);
    expect(isolationNeed('('.repeat(60_000))).toEqual({
      reason: 'it nests or chains 60000 levels deep',
      refuse: true,
    });
  });
});
