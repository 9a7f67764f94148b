import { readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { scan } from '../src/scan.js';
import { LAST_SCAN } from '../src/scan-support.js';
import * as store from '../src/store/index.js';
import { keptScanRecord } from '../src/store/last-scan-file.js';
import { acquireScanLock } from '../src/store/lock.js';
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

/** The index's own record of the last scan, read with the index opened for it. */
function indexRecord(root: string): unknown {
  const index = store.openIndex(root);
  try {
    return index.getSignals(LAST_SCAN);
  } finally {
    index.close();
  }
}

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
    expect(details.at(-1)).toBe('2 files, every stamp unchanged');
    expect(opened).not.toHaveBeenCalled();
    expect(mapBytes(root)).toEqual(before);
    expect(again.map.meta.version).toBe(JSON.parse(before.toString('utf8')).meta.version);
    expect(again.meta).toEqual(JSON.parse(before.toString('utf8')).meta);
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

  it('sees an edit made while it waited for another scan to release the lock', async () => {
    const root = importPairRepo();
    later();
    await scan({ root });
    later();
    opened.mockClear();
    // Another writer holds the lock: the check must stat the tree after it is released, not
    // before, or the edit made meanwhile would hide behind the stamps it took.
    const release = await acquireScanLock(root);
    const pending = scan({ root });
    await new Promise((resolve) => setTimeout(resolve, 100));
    writeFileSync(path.join(root, 'src/b.ts'), 'export const b = 3;\n'); // same size
    release();
    const edited = await pending;
    expect(edited.mode).toBe('delta');
    expect(edited.parsed).toBe(1);
    later();
    expect((await scan({ root })).mode).toBe('unchanged');
    expect(opened).toHaveBeenCalledTimes(1); // the waiting scan's own
  });

  it('keeps the index record of the last of concurrent scans, and answers from it alone', async () => {
    const root = importPairRepo();
    later();
    await scan({ root });
    later();
    writeFileSync(path.join(root, 'src/b.ts'), 'export const b = 4;\n');
    const modes = (await Promise.all([scan({ root }), scan({ root }), scan({ root })])).map((r) => r.mode);
    expect(modes.filter((m) => m === 'delta')).toHaveLength(1);
    const recorded = keptScanRecord(root)?.last;
    expect(recorded).toBeDefined();
    expect(recorded).toEqual(indexRecord(root));
    later();
    opened.mockClear();
    const again = await scan({ root });
    expect(again.mode).toBe('unchanged');
    expect(opened).not.toHaveBeenCalled();
    expect(again.map.meta).toEqual(JSON.parse(mapBytes(root).toString('utf8')).meta);
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

  it('does not vouch for an index written since, nor while a connection keeps its WAL', async () => {
    const root = importPairRepo();
    later();
    await scan({ root });
    // Another writer (a watcher, a rebuild) changed the file the record was taken beside.
    const writer = store.openIndex(root);
    writer.putSignals('test:other-writer', { at: 1 });
    writer.close();
    later();
    opened.mockClear();
    expect((await scan({ root })).mode).toBe('unchanged');
    expect(opened).toHaveBeenCalledTimes(1);
    // A connection still open elsewhere: the WAL beside index.db may hold what the file does not.
    const reader = store.openIndex(root);
    try {
      later();
      opened.mockClear();
      expect((await scan({ root })).mode).toBe('unchanged');
      expect(opened).toHaveBeenCalledTimes(1);
    } finally {
      reader.close();
    }
  });
});
