import { readFileSync, renameSync, rmSync, statSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { statTree } from '../../src/discover/index.js';
import { listingDigest } from '../../src/discover/tree-files.js';
import { scan } from '../../src/scan.js';
import { discoverDetails, importPairRepo } from '../helpers/rescan-fixture.js';
import { tmpRepo } from '../helpers/tmp-repo.js';

// A previous scan that started a minute from now: every file on disk is older than it by more
// than the racy window, so only the stamps decide.
const later = () => Date.now() + 60_000;
const stampsOf = (root: string) => statTree(root, { previousStartMs: later() }).stamps;
const tick = () => new Promise((r) => setTimeout(r, 5)); // change times must move past the last stat's

describe('statTree: one digest of every stamp', () => {
  it("gives tree-files' listingDigest of its paths, non-ASCII names included", () => {
    const root = tmpRepo({ 'a.ts': '', 'docs/b.md': '', 'src/é/ü.ts': '', 'src/日本.ts': '', 'z😀.md': '' });
    const tree = statTree(root);
    expect(tree.paths.length).toBe(5);
    expect(tree.listingDigest()).toBe(listingDigest(tree.paths));
    expect(tree.listingDigest()).toBe(listingDigest([...tree.paths])); // memoised, still the same
    expect(listingDigest([...tree.paths].reverse())).not.toBe(tree.listingDigest());
  });

  it('is the same for an untouched tree, and settled only outside the racy window', () => {
    const root = tmpRepo({ 'a.ts': 'export const a = 1;\n', 'docs/b.md': '# b\n' });
    const first = stampsOf(root);
    expect(first).toMatch(/^[0-9a-f]{40}$/);
    expect(stampsOf(root)).toBe(first);
    expect(statTree(root, { previousStartMs: later() }).settled).toBe(true);
    const racy = statTree(root, { previousStartMs: Date.now() });
    expect(racy.stamps).toBe(first); // the same stamps, which prove nothing so soon after a scan
    expect(racy.settled).toBe(false);
    expect(statTree(root).settled).toBe(false); // no previous scan: nothing is trusted
  });

  it('moves on every change a rescan must see', async () => {
    const root = tmpRepo({
      'a.ts': 'export const a = 1;\n',
      'b.ts': 'export const b = 1;\n',
      'c.md': '# c\n',
    });
    const seen = new Set([stampsOf(root)]);
    const expectNew = () => {
      const now = stampsOf(root);
      expect(seen.has(now)).toBe(false);
      seen.add(now);
    };
    const file = path.join(root, 'a.ts');
    const { atime, mtime } = statSync(file);
    await tick();
    writeFileSync(file, 'export const z = 2;\n'); // same size, mtime put back: the change time moves
    utimesSync(file, atime, mtime);
    expectNew();
    await tick();
    writeFileSync(path.join(root, 'new.ts'), 'export {};\n');
    expectNew();
    rmSync(path.join(root, 'b.ts'));
    expectNew();
    renameSync(path.join(root, 'c.md'), path.join(root, 'd.md'));
    expectNew();
    symlinkSync('a.ts', path.join(root, 'link.ts'));
    expectNew();
    await tick();
    writeFileSync(file, 'export const longer = 3;\n'); // the link's target changed, the link did not
    const linked = stampsOf(root);
    expect(seen.has(linked)).toBe(false);
  });
});

describe('scan: a rescan of an unchanged tree stops at the stamps', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('answers unchanged without reading the file table, and still sees the next edit', async () => {
    const root = importPairRepo();
    // The scans run a minute ahead of the files' times, so no stamp is inside the racy window.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 60_000 });
    const { details, onProgress } = discoverDetails();
    await scan({ root, onProgress });
    const before = readFileSync(path.join(root, '.proofmap/map.json'));
    const second = await scan({ root, onProgress });
    expect(second.mode).toBe('unchanged');
    expect(details.at(-1)).toBe('2 files, every stamp unchanged');
    expect(readFileSync(path.join(root, '.proofmap/map.json'))).toEqual(before);

    vi.useRealTimers();
    await tick();
    writeFileSync(path.join(root, 'src/b.ts'), 'export const b = 2;\n'); // same size
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 60_000 });
    const third = await scan({ root, onProgress });
    expect(third.mode).not.toBe('unchanged');
    expect(third.parsed).toBe(1);
  });

  it('reads only a touched file again, keeps the map, and still sees an edit after it', async () => {
    const root = importPairRepo();
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 60_000 });
    const { details, onProgress } = discoverDetails();
    await scan({ root, onProgress });
    const before = readFileSync(path.join(root, '.proofmap/map.json'));
    vi.useRealTimers();
    await tick();
    const b = path.join(root, 'src/b.ts');
    const t = new Date(Date.now() + 1000);
    utimesSync(b, t, t); // new stamp, same bytes
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 60_000 });
    const touched = await scan({ root, onProgress });
    expect(touched.mode).toBe('unchanged');
    expect(details.at(-1)).toBe('2 files, 1 re-read, same bytes');
    expect(readFileSync(path.join(root, '.proofmap/map.json'))).toEqual(before);
    // The row took the new stamp: the next rescan stops at the digest.
    expect((await scan({ root, onProgress })).mode).toBe('unchanged');
    expect(details.at(-1)).toBe('2 files, every stamp unchanged');

    vi.useRealTimers();
    await tick();
    writeFileSync(b, 'export const b = 3;\n'); // same size
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 60_000 });
    const edited = await scan({ root, onProgress });
    expect(edited.mode).not.toBe('unchanged');
    expect(edited.parsed).toBe(1);
  });
});
