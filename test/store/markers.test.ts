import { afterEach, describe, expect, it } from 'vitest';
import { type IndexStore, openIndex } from '../../src/store/index.js';
import { tempRoot } from './fixture.js';

let store: IndexStore | undefined;
afterEach(() => store?.close());

describe('consult markers', () => {
  it('keeps the latest marker per path and deletes them by path or all', () => {
    store = openIndex(tempRoot());
    const m = { path: 'src/a.ts', hash: 'h1', epoch: 1, query: 'impact src/a.ts', time: 10, signature: 's' };
    store.putMarker(m);
    store.putMarker({ ...m, hash: 'h2', time: 20 });
    store.putMarker({ ...m, path: 'src/b.ts' });
    expect(store.getMarker('src/a.ts')).toEqual({ ...m, hash: 'h2', time: 20 });
    store.deleteMarkers(['src/a.ts']);
    expect(store.getMarker('src/a.ts')).toBeUndefined();
    expect(store.getMarker('src/b.ts')).toBeDefined();
    store.deleteMarkers();
    expect(store.getMarker('src/b.ts')).toBeUndefined();
  });
});
