import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { discoverTree, statTree } from '../../src/discover/index.js';
import { movedDiscovery } from '../../src/discover/moved-discovery.js';
import { keptTreeStamps } from '../../src/discover/stamps-file.js';
import { keptTreeFiles } from '../../src/discover/tree-files.js';
import type { SourceFile } from '../../src/model/facts.js';
import { scan } from '../../src/scan.js';
import { LAST_SCAN, type LastScan } from '../../src/scan-support.js';
import { openIndex } from '../../src/store/index.js';
import { tmpRepo } from '../helpers/tmp-repo.js';

afterEach(() => {
  vi.useRealTimers();
});

/** Every field as a plain object: the kept files format their stamp when it is read. */
const plain = (f: SourceFile) => ({ ...JSON.parse(JSON.stringify(f)), stamp: f.stamp }) as SourceFile;

describe('movedDiscovery', () => {
  it("gives discoverTree's files, stamps included, reading only the edited file", async () => {
    const root = tmpRepo({
      'package.json': '{"name":"kept","version":"1.0.0"}\n',
      'src/a.ts': "import { b } from './b';\nexport const a = b;\n",
      'src/b.ts': 'export const b = 1;\n',
      'docs/guide.md': '# Guide\n',
    });
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 60_000 });
    await scan({ root });
    vi.useRealTimers();
    await new Promise((r) => setTimeout(r, 5));
    writeFileSync(path.join(root, 'src/b.ts'), 'export const b = 22;\n');

    const store = openIndex(root);
    try {
      const last = store.getSignals<LastScan>(LAST_SCAN)!;
      const tree = statTree(root, { previousStartMs: last.startedMs });
      const before = keptTreeStamps(root, tree.numbers.length)!;
      const kept = keptTreeFiles(root, last.key, tree)!;
      expect(before && kept).toBeTruthy();
      const moved = movedDiscovery(tree, before, kept, last.startedMs, (p) => store.filesAt(p));
      const full = discoverTree(tree, { previous: store.files(), previousStartMs: last.startedMs });
      expect(moved?.found.read).toEqual(['src/b.ts']);
      expect(moved?.found.files.map(plain)).toEqual(full.files.map(plain));
      // Read as a field and serialised, a kept file's stamp is the one discoverTree made.
      const keptA = moved!.found.files.find((f) => f.path === 'src/a.ts')!;
      expect(keptA.stamp).toBe(full.files.find((f) => f.path === 'src/a.ts')!.stamp);
      expect(JSON.parse(JSON.stringify(keptA)).stamp).toBe(keptA.stamp);
    } finally {
      store.close();
    }
  });
});
