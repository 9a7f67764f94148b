import { spawn } from 'node:child_process';
import {
  appendFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { discover } from '../../src/discover/index.js';
import { EVENT_SOURCES, type EventSource } from '../../src/resident/events.js';
import { Resident, type WatchUpdate } from '../../src/resident/watcher.js';
import { scan } from '../../src/scan.js';
import { LAST_SCAN, type LastScan, scanKey } from '../../src/scan-support.js';
import type { IndexStore } from '../../src/store/index.js';
import { tmpRepo } from '../helpers/tmp-repo.js';
import { writeVenv } from '../helpers/venv.js';

function repo(): string {
  const files: Record<string, string> = {
    'package.json': '{ "name": "w", "dependencies": { "left-pad": "1" } }\n',
    'docs/a.md': '# A\n\nSee [a](../src/a.ts).\n',
  };
  for (let i = 0; i < 20; i++)
    files[`src/m${i}.ts`] =
      `import pad from 'left-pad';\n${i > 0 ? `import { v${i - 1} } from './m${i - 1}.js';\n` : ''}export const v${i} = pad('${i}');\n`;
  files['src/a.ts'] = "import { v3 } from './m3.js';\nexport const a = v3;\n";
  return tmpRepo(files);
}

/** The map a scan from nothing gives for the tree as it is now (in a copy, so nothing is shared). */
async function coldMapOf(root: string): Promise<string> {
  const copy = tmpRepo({});
  cpSync(root, copy, { recursive: true, filter: (src) => !src.includes(`${path.sep}.proofmap`) });
  // A cold scan has no history: everything but the increments and the version must agree.
  await scan({ root: copy });
  return withoutHistory(readFileSync(path.join(copy, '.proofmap/map.json'), 'utf8'));
}

const withoutHistory = (text: string) => {
  const map = JSON.parse(text);
  delete map.increments;
  delete map.meta.version;
  return JSON.stringify(map);
};

/** The first update naming `rel` from index `from` on (waits for it, then for the resident). */
async function until(
  updates: WatchUpdate[],
  rel: string,
  resident: Resident,
  from = 0,
): Promise<WatchUpdate> {
  const match = () => updates.slice(from).find((u) => u.paths.includes(rel));
  for (let i = 0; i < 2000 && !match(); i++) await new Promise((r) => setTimeout(r, 5));
  await resident.idle();
  const found = match();
  expect(found, `an update naming ${rel}`).toBeDefined();
  return found!;
}

/** Waits until no update came for a while: the watcher has seen the burst's last event. */
async function quiet(updates: WatchUpdate[], resident: Resident): Promise<void> {
  let seen = -1;
  while (seen !== updates.length) {
    seen = updates.length;
    await new Promise((r) => setTimeout(r, 400));
    await resident.idle();
  }
}

/** Starts a watcher on the repository and runs `body` with it; the map must then equal a cold scan's. */
async function watching(
  root: string,
  events: EventSource,
  body: (resident: Resident, updates: WatchUpdate[]) => Promise<void>,
  debounceMs?: number,
): Promise<void> {
  const updates: WatchUpdate[] = [];
  const resident = await Resident.start(root, {
    onUpdate: (u) => updates.push(u),
    onError: (e) => {
      throw e;
    },
    events,
    ...(debounceMs !== undefined ? { debounceMs } : {}),
  });
  try {
    expect(resident.events).toBe(events);
    await body(resident, updates);
    const map = withoutHistory(readFileSync(path.join(root, '.proofmap/map.json'), 'utf8'));
    expect(map).toBe(await coldMapOf(root));
  } finally {
    await resident.stop();
  }
}

describe.each(EVENT_SOURCES)('proofmap watch (the resident owner), %s events', (events) => {
  it('with a Python virtual environment in the repository, a JS/TS edit is still a delta', async () => {
    const root = repo();
    writeFileSync(path.join(root, '.gitignore'), '.venv/\n');
    writeFileSync(path.join(root, 'app.py'), 'import yaml\n');
    writeFileSync(path.join(root, 'requirements.txt'), 'PyYAML\n');
    writeVenv(root, [{ name: 'PyYAML', topLevel: ['yaml'] }]);
    await watching(root, events, async (resident, updates) => {
      appendFileSync(path.join(root, 'src/m5.ts'), "import { v1 } from './m1.js';\nv1;\n");
      expect(await until(updates, 'src/m5.ts', resident)).toMatchObject({ mode: 'delta' });
      // The watcher's record counts the venv as a scan's discovery does, so the next scan's key
      // is the one recorded (nothing left to redo).
      const found = discover(root);
      const store = (resident as unknown as { store: IndexStore }).store;
      expect(store.getSignals<LastScan>(LAST_SCAN)?.key).toBe(
        scanKey(found.files, undefined, found.coverage),
      );
    });
  });

  it('applies an edit as a delta and leaves the map a cold scan would give', async () => {
    const root = repo();
    await watching(root, events, async (resident, updates) => {
      appendFileSync(path.join(root, 'src/m5.ts'), "import { v1 } from './m1.js';\nv1;\n");
      expect(await until(updates, 'src/m5.ts', resident)).toMatchObject({ mode: 'delta' });
    });
  });

  it('renames an export its importer names as a delta, the importer re-analysed with it', async () => {
    const root = repo();
    await watching(root, events, async (resident, updates) => {
      // src/m4.ts imports v3, src/a.ts too: both now import a name m3.ts no longer exports.
      writeFileSync(
        path.join(root, 'src/m3.ts'),
        "import pad from 'left-pad';\nexport const w3 = pad('3');\n",
      );
      const update = await until(updates, 'src/m3.ts', resident);
      expect(update).toMatchObject({ mode: 'delta' });
      const map = JSON.parse(readFileSync(path.join(root, '.proofmap/map.json'), 'utf8'));
      expect(
        map.findings
          .filter((f: { target?: string }) => f.target === 'src/m3.ts')
          .map((f: { evidence: { path: string }[] }) => f.evidence[0]!.path),
      ).toEqual(['src/a.ts', 'src/m4.ts']);
    });
  });

  it('keeps no spans table beside its map, and a CLI delta after it reads the map whole', async () => {
    const root = repo();
    const spans = path.join(root, '.proofmap/map-spans.bin');
    await watching(root, events, async (resident, updates) => {
      expect(existsSync(spans)).toBe(true); // the watcher's first scan is a CLI scan's
      appendFileSync(path.join(root, 'src/m5.ts'), "import { v1 } from './m1.js';\nv1;\n");
      expect(await until(updates, 'src/m5.ts', resident)).toMatchObject({ mode: 'delta' });
      expect(existsSync(spans)).toBe(false);
    });
    appendFileSync(path.join(root, 'src/m6.ts'), "import { v2 } from './m2.js';\nv2;\n");
    expect((await scan({ root })).mode).toBe('delta');
    expect(existsSync(spans)).toBe(true);
    const map = withoutHistory(readFileSync(path.join(root, '.proofmap/map.json'), 'utf8'));
    expect(map).toBe(await coldMapOf(root));
  });

  it('takes new and deleted files through a scan: deltas, or a full build that says why', async () => {
    const root = repo();
    await watching(root, events, async (resident, updates) => {
      writeFileSync(path.join(root, 'src/new.ts'), "export * from './m1.js';\n");
      expect(await until(updates, 'src/new.ts', resident)).toMatchObject({ mode: 'delta' });
      rmSync(path.join(root, 'src/new.ts'));
      expect(await until(updates, 'src/new.ts', resident, updates.length)).toMatchObject({ mode: 'delta' });
      // A new file named like an existing one's specifier could take its importers: full build.
      writeFileSync(path.join(root, 'src/m1.tsx'), 'export const v1 = 1;\n');
      const update = await until(updates, 'src/m1.tsx', resident, updates.length);
      expect(update).toMatchObject({ mode: 'full' });
      expect(update.fullBecause).toMatch(/answers the same specifier/);
    });
  });

  it('ends a burst of 500 changes with the map a cold scan gives', async () => {
    const root = repo();
    await watching(
      root,
      events,
      async (resident, updates) => {
        for (let i = 0; i < 500; i++) {
          const n = i % 20;
          // Every kind of edit a delta handles: comments, moved lines, imports added and removed.
          const body = `import pad from 'left-pad';\n${'\n'.repeat(i % 3)}${n > 0 ? `import { v${n - 1} } from './m${n - 1}.js';\n` : ''}${i % 4 === 0 && n > 1 ? `import { v0 } from './m0.js';\nv0;\n` : ''}export const v${n} = pad('${i}');\n// ${i}\n`;
          writeFileSync(path.join(root, `src/m${n}.ts`), body);
          if (i % 50 === 0) await new Promise((r) => setTimeout(r, 3));
        }
        // Under load a read can meet a half-written file (its exports gone), which a delta
        // refuses: how many updates were deltas varies; the end state may not.
        await quiet(updates, resident);
        expect(updates.length).toBeGreaterThan(0);
      },
      2,
    );
    // The index agrees with the map: a rescan finds nothing to do.
    expect((await scan({ root })).mode).toBe('unchanged');
  }, 60_000);

  it('joins 500 writes from another process into a few updates, ending with a cold scan’s map', async () => {
    const root = repo();
    await watching(root, events, async (resident, updates) => {
      // An editor or agent in its own process: events arrive all along, not after the test yields.
      await writeInChild(root, 500);
      await quiet(updates, resident);
      const named = new Set(updates.flatMap((u) => u.paths));
      expect(named.size).toBe(20);
      // Each update gathers what came while the one before it ran: a few, not one per pause of the
      // writer (3–5 on a loaded 2-core machine; 31 when every 2 ms gap started an update).
      expect(updates.length, updates.map((u) => u.mode).join(' ')).toBeLessThanOrEqual(15);
    });
    expect((await scan({ root })).mode).toBe('unchanged');
  }, 60_000);

  it('watches a folder created after the start, and finds the files made in it before that', async () => {
    const root = repo();
    await watching(root, events, async (resident, updates) => {
      mkdirSync(path.join(root, 'src/sub'));
      writeFileSync(path.join(root, 'src/sub/early.ts'), "export * from '../m1.js';\n");
      await until(updates, 'src/sub', resident);
      await quiet(updates, resident);
      writeFileSync(path.join(root, 'src/sub/late.ts'), "export * from '../m2.js';\n");
      expect((await until(updates, 'src/sub/late.ts', resident, updates.length)).mode).not.toBe('none');
      appendFileSync(path.join(root, 'src/sub/late.ts'), "export * from '../m3.js';\n");
      expect(await until(updates, 'src/sub/late.ts', resident, updates.length)).toMatchObject({
        mode: 'delta',
      });
    });
  });

  it('follows a folder deleted and made again under its name', async () => {
    const root = repo();
    mkdirSync(path.join(root, 'src/gone/deep'), { recursive: true });
    writeFileSync(path.join(root, 'src/gone/deep/z.ts'), "export * from '../../m4.js';\n");
    await watching(root, events, async (resident, updates) => {
      rmSync(path.join(root, 'src/gone'), { recursive: true });
      await until(updates, 'src/gone', resident);
      await quiet(updates, resident);
      mkdirSync(path.join(root, 'src/gone'));
      await until(updates, 'src/gone', resident, updates.length);
      await quiet(updates, resident);
      writeFileSync(path.join(root, 'src/gone/w.ts'), "export * from '../m6.js';\n");
      await until(updates, 'src/gone/w.ts', resident, updates.length);
    });
  });

  // @parcel/watcher 2.6 on Linux reports the rename, then nothing from inside the moved folder
  // (its inotify backend keeps the old paths' watches): this is inotify's alone.
  it.skipIf(events === 'parcel')(
    'follows a renamed folder under its new name, and its old name made again',
    async () => {
      const root = repo();
      mkdirSync(path.join(root, 'src/sub/deep'), { recursive: true });
      writeFileSync(path.join(root, 'src/sub/deep/x.ts'), "export * from '../../m1.js';\n");
      await watching(root, events, async (resident, updates) => {
        renameSync(path.join(root, 'src/sub'), path.join(root, 'src/moved'));
        await until(updates, 'src/moved', resident);
        await quiet(updates, resident);
        appendFileSync(path.join(root, 'src/moved/deep/x.ts'), "export * from '../../m5.js';\n");
        expect(await until(updates, 'src/moved/deep/x.ts', resident, updates.length)).toMatchObject({
          mode: 'delta',
        });
        mkdirSync(path.join(root, 'src/sub'));
        await until(updates, 'src/sub', resident, updates.length);
        await quiet(updates, resident);
        writeFileSync(path.join(root, 'src/sub/w.ts'), "export * from '../m6.js';\n");
        await until(updates, 'src/sub/w.ts', resident, updates.length);
      });
    },
  );

  it('ignores files under node_modules, at any depth', async () => {
    const root = repo();
    mkdirSync(path.join(root, 'node_modules/unused-pkg'), { recursive: true });
    mkdirSync(path.join(root, 'src/nested/node_modules/x'), { recursive: true });
    writeFileSync(path.join(root, 'src/nested/a.ts'), 'export const a = 1;\n');
    await watching(root, events, async (resident, updates) => {
      writeFileSync(path.join(root, 'node_modules/unused-pkg/index.js'), 'module.exports = 1;\n');
      writeFileSync(path.join(root, 'src/nested/node_modules/x/index.js'), 'module.exports = 1;\n');
      mkdirSync(path.join(root, 'node_modules/new-dep'));
      await new Promise((r) => setTimeout(r, 300));
      appendFileSync(path.join(root, 'src/m5.ts'), '// edited\n');
      await until(updates, 'src/m5.ts', resident);
      expect(updates.flatMap((u) => u.paths)).toEqual(['src/m5.ts']);
    });
  });
});

/** Rewrites src/m0..m19.ts `count` times in a child process, as fast as it can. */
async function writeInChild(root: string, count: number): Promise<void> {
  const script = `const fs = require('node:fs');
for (let i = 0; i < ${count}; i++) {
  const n = i % 20;
  const body = "import pad from 'left-pad';\\n" + (n > 0 ? "import { v" + (n - 1) + " } from './m" + (n - 1) + ".js';\\n" : '') +
    (i % 4 === 0 && n > 1 ? "import { v0 } from './m0.js';\\nv0;\\n" : '') + "export const v" + n + " = pad('" + i + "');\\n";
  fs.writeFileSync(${JSON.stringify(root)} + '/src/m' + n + '.ts', body);
}`;
  const child = spawn(process.execPath, ['-e', script], { stdio: 'inherit' });
  const code = await new Promise((r) => child.once('close', r));
  expect(code).toBe(0);
}
