import { readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { scan } from '../src/scan.js';
import * as store from '../src/store/index.js';
import { discoverDetails, importPairRepo } from './helpers/rescan-fixture.js';
import { tmpRepo } from './helpers/tmp-repo.js';

vi.mock('../src/store/index.js', async (original) => {
  const actual = await original<typeof import('../src/store/index.js')>();
  return { ...actual, openIndex: vi.fn(actual.openIndex) };
});
const opened = vi.mocked(store.openIndex);

// Each scan a minute after the last: every file is then older than the racy window, as in a
// user's rescan, so an unchanged tree is settled and may be answered from the kept record.
const realNow = Date.now.bind(Date);
let minutes = 0;
const later = () => {
  minutes += 1;
  vi.spyOn(Date, 'now').mockReturnValue(realNow() + minutes * 60_000);
};
afterEach(() => {
  vi.restoreAllMocks();
  opened.mockClear();
});

const mapBytes = (root: string) => readFileSync(path.join(root, '.proofmap/map.json'));

describe('scan: an unchanged tree is answered from the record kept beside the index', () => {
  it('does not open the index, and keeps the map as it was', async () => {
    const root = importPairRepo();
    const { details, onProgress } = discoverDetails();
    later();
    await scan({ root, onProgress });
    const before = mapBytes(root);
    later();
    opened.mockClear();
    const again = await scan({ root, onProgress });
    expect(again.mode).toBe('unchanged');
    expect(details.at(-1)).toBe('2 files, every stamp unchanged, index not opened');
    expect(opened).not.toHaveBeenCalled();
    expect(mapBytes(root)).toEqual(before);
    expect(again.map.meta.version).toBe(JSON.parse(before.toString('utf8')).meta.version);
  });

  it("still finds an edit that left its folder's mtime as it was", async () => {
    const root = importPairRepo();
    later();
    await scan({ root });
    const folder = path.join(root, 'src');
    const { atime, mtime } = statSync(folder);
    later();
    writeFileSync(path.join(folder, 'b.ts'), 'export const b = 2;\n'); // same size
    utimesSync(folder, atime, mtime);
    const edited = await scan({ root });
    expect(edited.mode).toBe('delta');
    expect(edited.parsed).toBe(1);
  });

  it('reads the configuration again when its text changed, even where no listed stamp moved', async () => {
    // Ignored, so not a listed file: only the configuration's own text tells the change.
    const root = tmpRepo({
      '.gitignore': 'proofmap.config.json\n',
      'proofmap.config.json': JSON.stringify({ scan: { maxFileBytes: 100000 } }),
      'src/a.ts': `export const a = ${JSON.stringify('x'.repeat(200))};\n`,
    });
    later();
    await scan({ root });
    later();
    expect((await scan({ root })).mode).toBe('unchanged');
    writeFileSync(path.join(root, 'proofmap.config.json'), JSON.stringify({ scan: { maxFileBytes: 100 } }));
    later();
    const smaller = await scan({ root });
    expect(smaller.mode).not.toBe('unchanged');
    expect(smaller.map.coverage.some((c) => c.scope === 'src/a.ts' && c.status !== 'analyzed')).toBe(true);
  });

  it('does not vouch for an index that was removed since', async () => {
    const root = importPairRepo();
    later();
    await scan({ root });
    for (const suffix of ['', '-wal', '-shm'])
      rmSync(path.join(root, `.proofmap/index.db${suffix}`), { force: true });
    later();
    opened.mockClear();
    const rebuilt = await scan({ root });
    expect(rebuilt.mode).toBe('full');
    expect(opened).toHaveBeenCalled();
  });
});
