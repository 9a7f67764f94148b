/**
 * store.checkpoint(): a one-file rescan copies its WAL into index.db before it renames map.json
 * into place (scan-delta.ts), so that the sync happens before the map's write-back starts. It must
 * empty the WAL when it can, and never wait for a reader that still needs it.
 */
import { statSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openSqlite, prepare } from '../../src/store/handles.js';
import { type IndexStore, openIndex } from '../../src/store/index.js';
import { fileNode, proofMap, tempRoot } from './fixture.js';

let store: IndexStore | undefined;
afterEach(() => store?.close());

const walBytes = (root: string) => statSync(path.join(root, '.proofmap', 'index.db-wal')).size;

describe('checkpoint', () => {
  it('empties the WAL into the database', () => {
    const root = tempRoot();
    store = openIndex(root);
    store.writeSnapshot(proofMap([fileNode('a.ts')]), []);
    store.putSignals('scan:test', { n: 1 });
    expect(walBytes(root)).toBeGreaterThan(0);
    store.checkpoint();
    expect(walBytes(root)).toBe(0);
    expect(store.getSignals('scan:test')).toEqual({ n: 1 });
  });

  // A waiting checkpoint would sit out the 10-minute lock timeout, far past the test's own.
  it('does not wait for a reader holding an older snapshot, which keeps reading it', () => {
    const root = tempRoot();
    store = openIndex(root, { lockTimeoutMs: 600_000 });
    store.writeSnapshot(proofMap([fileNode('a.ts')]), []);
    store.putSignals('scan:test', { n: 1 });
    const reader = openSqlite(path.join(root, '.proofmap', 'index.db'), { readonly: true });
    try {
      reader.exec('BEGIN');
      const count = prepare(reader, `SELECT count(*) FROM signals`).pluck();
      const read = () => count.get();
      const before = read();
      store.putSignals('scan:other', { n: 2 });
      store.checkpoint();
      expect(walBytes(root)).toBeGreaterThan(0); // what the reader needs stayed
      expect(read()).toBe(before);
      reader.exec('COMMIT');
      expect(read()).toBe((before as number) + 1);
      expect(store.getSignals('scan:other')).toEqual({ n: 2 });
    } finally {
      reader.close();
    }
  });
});
