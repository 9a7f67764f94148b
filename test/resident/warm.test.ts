import { describe, expect, it } from 'vitest';
import { loadState } from '../../src/resident/state.js';
import { warmDeltaPath } from '../../src/resident/warm.js';
import { scan } from '../../src/scan.js';
import { openIndex } from '../../src/store/index.js';
import { tmpRepo } from '../helpers/tmp-repo.js';

describe('the resident’s warm-up', () => {
  it('keeps the closed-module list of each code extractor as the index has it, and changes nothing', async () => {
    const root = tmpRepo({
      'package.json': '{ "name": "w" }\n',
      'src/a.ts': 'export const a = 1;\n',
      'src/b.ts': "export * from './a.js';\nexport const b = 2;\n",
      'src/c.tsx': "import { a } from './a.js';\nexport const C = () => a;\n",
      'src/d.d.ts': 'export declare const d: number;\n',
      'README.md': '# w\n',
    });
    await scan({ root });
    const store = openIndex(root);
    try {
      const state = loadState(root, store);
      expect(state).toBeDefined();
      const epoch = store.epoch();
      const closed = new Map<string, ReadonlySet<string>>();
      warmDeltaPath(state!.files.values(), state!.text, store, closed);
      expect([...closed.keys()].sort()).toEqual(['js-ts:.d.ts', 'js-ts:.ts', 'js-ts:.tsx']);
      for (const [extractor, hashes] of closed) expect(hashes).toEqual(store.closedExports(extractor));
      // a.ts exports names only; b.ts re-exports `*`: only a's content is closed.
      const a = state!.files.get('src/a.ts')!;
      const b = state!.files.get('src/b.ts')!;
      expect(closed.get('js-ts:.ts')!.has(a.hash)).toBe(true);
      expect(closed.get('js-ts:.ts')!.has(b.hash)).toBe(false);
      expect(store.epoch()).toBe(epoch);
    } finally {
      store.close();
    }
  });
});
