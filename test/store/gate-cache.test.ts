import { describe, expect, it } from 'vitest';
import { scan } from '../../src/scan.js';
import { gateSeal, writeGateCache } from '../../src/store/gate-cache.js';
import { openIndex } from '../../src/store/index.js';
import { tmpRepo } from '../helpers/tmp-repo.js';

describe('writeGateCache', () => {
  it('refuses rows sealed with a key other than the marker key (they would all read as tampered)', async () => {
    const root = tmpRepo({ 'package.json': '{ "name": "g" }\n', 'src/a.ts': 'export const a = 1;\n' });
    await scan({ root });
    const store = openIndex(root);
    try {
      const seal = gateSeal(store);
      expect(() => writeGateCache(store, {}, [], { ...seal, key: new Uint8Array(0) })).toThrow(
        /marker key changed while the scan ran/,
      );
      expect(() => writeGateCache(store, {}, [], seal)).not.toThrow();
    } finally {
      store.close();
    }
  });
});
