import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openSqlite, prepare } from '../../src/store/handles.js';
import { type IndexStore, openIndex } from '../../src/store/index.js';
import { tempRoot } from './fixture.js';

let store: IndexStore | undefined;
afterEach(() => store?.close());

describe('fact cache', () => {
  it('hits by extractor and content hash, misses otherwise', () => {
    store = openIndex(tempRoot());
    const facts = { imports: [{ specifier: './b.js' }], exports: [] };
    store.transaction(() => store!.putFacts('js-ts', 'aaaa', facts));
    expect(store.getFacts('js-ts', 'aaaa')).toEqual(facts);
    expect(store.getFacts('js-ts', 'bbbb')).toBeUndefined();
    expect(store.getFacts('markdown', 'aaaa')).toBeUndefined();
    expect(store.allFacts('js-ts')).toEqual(new Map([['aaaa', facts]]));
    expect(store.allFacts('markdown').size).toBe(0);
  });

  it('reads the facts of several contents in one call, leaving misses out', () => {
    store = openIndex(tempRoot());
    store.putFacts('js-ts', 'aaaa', { a: 1 });
    store.putFacts('js-ts', 'bbbb', { b: [2, 'two'] });
    store.putFacts('markdown', 'cccc', { c: 3 });
    expect(store.someFacts('js-ts', ['bbbb', 'cccc', 'aaaa', 'bbbb'])).toEqual(
      new Map<string, unknown>([
        ['aaaa', { a: 1 }],
        ['bbbb', { b: [2, 'two'] }],
      ]),
    );
    expect(store.someFacts('js-ts', []).size).toBe(0);
    expect(store.someFacts('markdown', ['cccc'])).toEqual(new Map([['cccc', { c: 3 }]]));
  });

  it('misses facts written by another extractor version', () => {
    const root = tempRoot();
    store = openIndex(root);
    store.putFacts('js-ts', 'aaaa', { v: 'old' });
    const raw = openSqlite(path.join(root, '.proofmap', 'index.db'));
    prepare(raw, 'UPDATE facts SET version = version - 1').run();
    raw.close();
    expect(store.getFacts('js-ts', 'aaaa')).toBeUndefined();
    expect(store.allFacts('js-ts').size).toBe(0);
    expect(store.someFacts('js-ts', ['aaaa']).size).toBe(0);
  });

  it("rolls a failed transaction back whole, and never mistakes the caller's error for damage", () => {
    store = openIndex(tempRoot());
    store.putFacts('js-ts', 'kept', 1);
    expect(() =>
      store!.transaction(() => {
        store!.putFacts('js-ts', 'aaaa', 1);
        JSON.parse('{not json'); // a SyntaxError from the caller, not from the store
      }),
    ).toThrow(SyntaxError);
    expect(store.getFacts('js-ts', 'aaaa')).toBeUndefined();
    expect(store.getFacts('js-ts', 'kept')).toBe(1);
    expect(store.recovered).toBeUndefined();
  });
});
