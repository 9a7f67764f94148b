import { appendFileSync, cpSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EVENT_SOURCES, type EventSource } from '../../src/resident/events.js';
import { Resident, type WatchUpdate } from '../../src/resident/watcher.js';
import * as scanModule from '../../src/scan.js';
import { tmpRepo } from '../helpers/tmp-repo.js';

// The watcher's first scan is wrapped so that a test can write a file after that scan has stat'ed
// it and before the watcher subscribes: the window no event covers.
vi.mock('../../src/scan.js', async (importOriginal) => {
  const real = await importOriginal<typeof scanModule>();
  return { ...real, scan: vi.fn(real.scan) };
});
const { scan } = scanModule;
const realScan = (await vi.importActual<typeof scanModule>('../../src/scan.js')).scan;

function repo(): string {
  const files: Record<string, string> = { 'package.json': '{ "name": "s" }\n' };
  for (let i = 0; i < 5; i++)
    files[`src/m${i}.ts`] =
      `${i > 0 ? `import { v${i - 1} } from './m${i - 1}.js';\n` : ''}export const v${i} = ${i};\n`;
  return tmpRepo(files);
}

/** The map.json of a scan from nothing of a copy of the tree as it is now. */
async function coldMap(root: string): Promise<unknown> {
  const copy = tmpRepo({});
  cpSync(root, copy, { recursive: true, filter: (src) => !src.includes(`${path.sep}.proofmap`) });
  await realScan({ root: copy });
  return comparable(copy);
}
const comparable = (root: string) => {
  const map = JSON.parse(readFileSync(path.join(root, '.proofmap/map.json'), 'utf8'));
  delete map.increments;
  delete map.meta.version;
  return map;
};

/** A watcher on `root` whose updates go to `updates` and whose errors fail the test. */
const start = (root: string, events: EventSource, updates: WatchUpdate[]) =>
  Resident.start(root, {
    onUpdate: (u) => updates.push(u),
    onError: (e) => {
      throw e;
    },
    events,
  });

afterEach(() => {
  vi.mocked(scan).mockReset();
  vi.mocked(scan).mockImplementation(realScan);
});

describe.each(EVENT_SOURCES)('the watcher start (%s events)', (events) => {
  it('catches up an edit made after its first scan and before it subscribed', async () => {
    const root = repo();
    await realScan({ root });
    vi.mocked(scan).mockImplementationOnce(async (options) => {
      const result = await realScan(options);
      appendFileSync(path.join(root, 'src/m4.ts'), "import { v1 } from './m1.js';\nv1;\n");
      return result;
    });
    const updates: WatchUpdate[] = [];
    const resident = await start(root, events, updates);
    try {
      await resident.idle();
      expect(updates.map((u) => u.mode)).toEqual(['delta']);
      expect(comparable(root)).toEqual(await coldMap(root));
      // And the watcher's state is the caught-up map: a later edit applies on top of it.
      writeFileSync(path.join(root, 'src/m0.ts'), 'export const v0 = 10;\n');
      for (let i = 0; i < 400 && updates.length < 2; i++) await new Promise((r) => setTimeout(r, 5));
      await resident.idle();
      expect(updates.at(-1)).toMatchObject({ mode: 'delta', paths: ['src/m0.ts'] });
      expect(comparable(root)).toEqual(await coldMap(root));
    } finally {
      await resident.stop();
    }
  });

  it('reports nothing when no file moved in that window', async () => {
    const root = repo();
    const updates: WatchUpdate[] = [];
    const resident = await start(root, events, updates);
    try {
      await resident.idle();
      expect(updates).toEqual([]);
      expect(vi.mocked(scan)).toHaveBeenCalledTimes(2);
    } finally {
      await resident.stop();
    }
  });
});
