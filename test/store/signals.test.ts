import { afterEach, describe, expect, it } from 'vitest';
import { type IndexStore, openIndex } from '../../src/store/index.js';
import { fileNode, proofMap, tempRoot } from './fixture.js';

let store: IndexStore | undefined;
afterEach(() => store?.close());

describe('signals cache', () => {
  it('serves signals only for the snapshot they were computed from', () => {
    store = openIndex(tempRoot());
    store.writeSnapshot(proofMap([fileNode('a.ts')]), []);
    store.putSignals('centrality', { 'a.ts': 1 });
    expect(store.getSignals('centrality')).toEqual({ 'a.ts': 1 });
    expect(store.getSignals('other')).toBeUndefined();
    store.writeSnapshot(proofMap([fileNode('b.ts')]), []);
    expect(store.getSignals('centrality')).toBeUndefined();
    // Computed from epoch 1 but stored after epoch 2 was written: still a miss.
    store.putSignals('centrality', { 'a.ts': 1 }, 1);
    expect(store.getSignals('centrality')).toBeUndefined();
  });
});
