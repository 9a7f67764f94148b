import { describe, expect, it } from 'vitest';
import { parseJsonc } from '../../src/resolve/jsonc.js';

describe('parseJsonc', () => {
  it.each([
    ['{ "a": 1 }', { a: 1 }],
    ['// line\n{ "a": 1 /* block */ }', { a: 1 }],
    ['{ "a": [1, 2,], "b": { "c": 3, }, }', { a: [1, 2], b: { c: 3 } }],
    ['{ "p": "src/**/*", "u": "http://x//y" }', { p: 'src/**/*', u: 'http://x//y' }],
    ['{ "q": "a\\"b//c", }', { q: 'a"b//c' }],
    ['{ "s": ",}" }', { s: ',}' }],
    ['\uFEFF{ "bom": true }', { bom: true }],
  ])('%j', (text, value) => expect(parseJsonc(text)).toEqual(value));

  it('returns undefined for invalid JSON', () => {
    expect(parseJsonc('{ "a": ')).toBeUndefined();
    expect(parseJsonc('')).toBeUndefined();
  });
});
