/**
 * A full build writes its FTS rows with room for all of them in memory (fresh-build.ts), so the
 * search index comes out as one segment instead of the dozen flushed and merged ones an in-place
 * write makes. Only the layout may differ: every search must answer as from the in-place index.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { openSqlite, prepare } from '../../src/store/handles.js';
import { type IndexStore, openIndex } from '../../src/store/index.js';
import { fileNode, proofMap, sourceFile, tempRoot } from './fixture.js';

const stores: IndexStore[] = [];
afterEach(() => {
  for (const s of stores.splice(0)) s.close();
});

const words = ['create', 'server', 'parse', 'cursor', 'policy', 'badge', 'validator', 'cache', 'job'];
const word = (i: number) => words[i % words.length]!;
// 2,000 files of 12 exports in camel, snake and kebab case: several megabytes of trigrams, far
// past FTS5's default 1 MB of pending terms.
const paths = Array.from(
  { length: 2000 },
  (_, i) => `packages/pkg-${i % 7}/src/${word(i)}-${word(i >> 3)}/${word(i >> 1)}_${i}.ts`,
);
const map = proofMap(
  paths.map((p, i) =>
    fileNode(
      p,
      Array.from({ length: 12 }, (_, k) =>
        k % 3 === 0
          ? `${word(i + k)}${word(k).toUpperCase()}${i}`
          : k % 3 === 1
            ? `${word(i * k)}_${word(k + 1)}_${k}`
            : `${word(k)}${word(i + 2 * k)}${i % 50}`,
      ),
    ),
  ),
);
const files = paths.map((p) => sourceFile(p));
const queries = [
  'create',
  'createserver',
  'create_server',
  'pkg-3/src',
  'cursor_',
  'Policy7',
  'x',
  'job',
  'dgeva',
  '12.ts',
];

function built(full: boolean): IndexStore {
  const root = tempRoot();
  const s = openIndex(root);
  stores.push(s);
  if (full) expect(s.beginFullBuild()).toBe(true);
  s.writeSnapshot(map, files);
  if (full) s.publish();
  return s;
}

/** Every page of a search, as the caller sees it. */
function answers(s: IndexStore, q: string): unknown[] {
  const pages: unknown[] = [];
  let cursor: string | undefined;
  do {
    const page = s.search(q, { limit: 500, ...(cursor ? { cursor } : {}) });
    pages.push(page.total, page.items);
    cursor = page.cursor;
  } while (cursor);
  return pages;
}

const ftsBlocks = (s: IndexStore) => {
  const db = openSqlite(s.path, { readonly: true });
  try {
    return {
      blocks: prepare(db, `SELECT count(*) FROM search_fts_data`).pluck().get(),
      hashsize: prepare(db, `SELECT v FROM search_fts_config WHERE k = 'hashsize'`).pluck().get(),
    };
  } finally {
    db.close();
  }
};

describe('a full build of the search index', () => {
  it('answers every search as the in-place index does, from another segment layout', () => {
    const inPlace = built(false);
    const full = built(true);
    // The two layouts differ (else this compares nothing), and the bulk setting is not kept.
    const [a, b] = [ftsBlocks(inPlace), ftsBlocks(full)];
    expect(b.blocks).not.toBe(a.blocks);
    expect(a.hashsize).toBeUndefined();
    expect(b.hashsize).toBe(1024 * 1024);
    let found = 0;
    for (const q of queries) {
      const expected = answers(inPlace, q);
      if ((expected[0] as number) > 0) found++;
      expect(answers(full, q)).toEqual(expected);
    }
    // Searches that find nothing would compare nothing.
    expect(found).toBeGreaterThanOrEqual(queries.length - 2);
  });
});
