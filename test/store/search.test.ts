import { afterEach, describe, expect, it } from 'vitest';
import { InputError } from '../../src/model/errors.js';
import { type IndexStore, openIndex } from '../../src/store/index.js';
import { fileNode, proofMap, sourceFile, tempRoot } from './fixture.js';

let store: IndexStore | undefined;
afterEach(() => store?.close());

function indexed(
  files: Record<string, string[]>,
  headings: { path: string; text: string }[] = [],
): IndexStore {
  store = openIndex(tempRoot());
  const paths = Object.keys(files).sort();
  store.writeSnapshot(
    proofMap(paths.map((p) => fileNode(p, files[p]))),
    paths.map((p) => sourceFile(p)),
    headings.map((h, i) => ({ ...h, slug: `h-${i}`, line: i + 1 })),
  );
  return store;
}

const names = (s: IndexStore, q: string, opts = {}) =>
  s.search(q, opts).items.map((h) => `${h.kind}:${h.name}`);

describe('search', () => {
  it('finds a path by a segment, and a symbol by a camelCase part or a prefix', () => {
    const s = indexed({ 'src/util/paths.ts': ['toPosix'], 'src/server.ts': ['createServer', 'stopServer'] });
    expect(names(s, 'paths')).toContain('path:paths.ts');
    expect(names(s, 'create')).toEqual(['symbol:createServer']);
    expect(names(s, 'server')).toEqual(expect.arrayContaining(['symbol:createServer', 'path:server.ts']));
    expect(names(s, 'CREATESERVER')).toEqual(['symbol:createServer']);
    expect(names(s, 'util/paths')).toEqual(['path:paths.ts']);
  });

  it('finds snake_case and kebab-case names without their separators, also after a rescan', () => {
    const s = indexed({ 'src/create-server.ts': ['create_server'], 'src/plain.ts': ['plain'] });
    expect(names(s, 'createserver')).toEqual(['symbol:create_server', 'path:create-server.ts']);
    // A second snapshot that changes one file rebuilds only its rows, which must be searchable too.
    s.writeSnapshot(
      proofMap([
        fileNode('src/create-server.ts', ['create_server']),
        fileNode('src/plain.ts', ['stop_server']),
      ]),
      [sourceFile('src/create-server.ts'), sourceFile('src/plain.ts')],
    );
    expect(names(s, 'stopserver')).toEqual(['symbol:stop_server']);
    expect(names(s, 'plain')).toEqual(['path:plain.ts']);
  });

  it('ranks exact names first, then name prefixes, then other matches', () => {
    const s = indexed({
      'src/a.ts': ['pathsToRegex', 'normalizePaths', 'paths'],
      'src/util/paths.ts': [],
      'src/pathsfinder.ts': [],
    });
    const hits = names(s, 'paths');
    expect(hits.slice(0, 2).sort()).toEqual(['path:paths.ts', 'symbol:paths']);
    expect(hits.indexOf('symbol:pathsToRegex')).toBeLessThan(hits.indexOf('symbol:normalizePaths'));
    expect(hits.indexOf('path:pathsfinder.ts')).toBeLessThan(hits.indexOf('symbol:normalizePaths'));
  });

  it('finds vowelled Arabic with an unvowelled query and vice versa, and Persian letters both ways', () => {
    const s = indexed({ 'src/ar.ts': ['كَتَبَ', 'كتاب', 'کیف'] }, [{ path: 'docs/fa.md', text: 'راهنمای نصب' }]);
    expect(names(s, 'كتب')).toEqual(['symbol:كَتَبَ']);
    expect(names(s, 'كِتَاب')).toEqual(['symbol:كتاب']);
    expect(names(s, 'كـتـاب')).toEqual(['symbol:كتاب']);
    expect(names(s, 'كيف')).toEqual(['symbol:کیف']);
    expect(names(s, 'راهنماي')).toEqual(['heading:راهنمای نصب']);
  });

  it('folds Latin diacritics both ways', () => {
    const s = indexed({ 'src/cafe.ts': ['crème'], 'src/x.ts': ['Straße'] }, [
      { path: 'docs/a.md', text: 'Über café' },
    ]);
    expect(names(s, 'creme')).toEqual(['symbol:crème']);
    expect(names(s, 'café')).toEqual(expect.arrayContaining(['path:cafe.ts', 'heading:Über café']));
    expect(names(s, 'uber')).toEqual(['heading:Über café']);
    expect(names(s, 'strasse')).toEqual(['symbol:Straße']);
  });

  it('matches tokens shorter than a trigram as substrings', () => {
    const s = indexed({ 'src/io.ts': ['io', 'ioRead'], 'src/b.ts': ['other'] });
    expect(names(s, 'io')).toEqual(['symbol:io', 'path:io.ts', 'symbol:ioRead']);
    expect(names(s, 'io read')).toEqual(['symbol:ioRead']);
  });

  it('filters by kind and finds headings', () => {
    const s = indexed({ 'docs/setup.md': [] }, [{ path: 'docs/setup.md', text: 'Setup guide' }]);
    expect(names(s, 'setup', { kinds: ['heading'] })).toEqual(['heading:Setup guide']);
    expect(names(s, 'setup', { kinds: ['path'] })).toEqual(['path:setup.md']);
    expect(s.search('setup', { kinds: ['heading'] }).items[0]).toEqual({
      kind: 'heading',
      path: 'docs/setup.md',
      name: 'Setup guide',
      line: 1,
      detail: 'h-0',
    });
  });

  it('treats query syntax as data: operators, quotes and stars change nothing', () => {
    const s = indexed({ 'docs/AND.md': [], 'src/f.ts': ['foo', 'foobar', 'bar', 'near'] });
    const hostile = [
      '"',
      '""',
      '*',
      "'",
      '(',
      ')',
      '\\',
      '\0',
      'a"b',
      'NOT',
      '-foo',
      '^foo',
      'text:foo',
      '{a b}: c',
    ];
    for (const q of hostile) expect(() => s.search(q), q).not.toThrow();
    expect(names(s, 'foo OR bar')).toEqual([]); // no item holds all three: OR is a word here
    expect(names(s, 'foo*')).toEqual([]); // no prefix query: a literal star matches nothing
    expect(names(s, 'NEAR(foo bar)')).toEqual([]);
    expect(names(s, 'foo AND bar')).toEqual([]);
    expect(names(s, 'AND')).toEqual(['path:AND.md']);
    expect(names(s, '"foo"')).toEqual([]);
  });

  it('returns nothing for an empty query', () => {
    const s = indexed({ 'src/a.ts': ['a'] });
    expect(s.search('   ')).toEqual({ items: [], total: 0 });
  });

  it('pages with an opaque cursor and an honest total', () => {
    const symbols = Array.from({ length: 25 }, (_, i) => `handler${String(i).padStart(2, '0')}`);
    const s = indexed({ 'src/h.ts': symbols });
    const first = s.search('handler', { limit: 10 });
    expect(first.total).toBe(25);
    expect(first.items).toHaveLength(10);
    const second = s.search('handler', { limit: 10, cursor: first.cursor! });
    const third = s.search('handler', { limit: 10, cursor: second.cursor! });
    expect(third.items).toHaveLength(5);
    expect(third.cursor).toBeUndefined();
    const all = [...first.items, ...second.items, ...third.items].map((h) => h.name);
    expect(new Set(all).size).toBe(25);
    expect(() => s.search('other', { cursor: first.cursor! })).toThrow(InputError);
    expect(() => s.search('handler', { cursor: 'garbage' })).toThrow(InputError);
  });
});
