/**
 * `proofmap scan` while a resident holds the map: the installed CLI (bin/proofmap.js, built) asks
 * it over .proofmap/watch.sock, and what it prints and leaves on disk is what a scan would give.
 */
import { execFile, execFileSync, spawn } from 'node:child_process';
import {
  appendFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  readFileSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { askResident, scanSocketPath, serveScans } from '../../src/resident/scan-socket.js';
import { Resident, type WatchUpdate } from '../../src/resident/watcher.js';
import { scan } from '../../src/scan.js';
import { committedRepo, importChain } from '../helpers/git-repo.js';
import { tmpRepo } from '../helpers/tmp-repo.js';

const BIN = path.resolve(__dirname, '../../bin/proofmap.js');
const run = promisify(execFile);
const linux = process.platform === 'linux';

const gitRepo = () => committedRepo({ 'package.json': '{ "name": "s" }\n', ...importChain(8) });

/** The CLI as a user runs it, in its own process (this one keeps serving the resident meanwhile). */
async function cliScan(root: string, ...args: string[]) {
  const { stdout } = await run(process.execPath, [BIN, 'scan', root, ...args], {
    env: { ...process.env, NODE_OPTIONS: '' },
  });
  return stdout;
}

/** map.json without what only history explains (increments, version). */
const withoutHistory = (text: string) => {
  const map = JSON.parse(text);
  delete map.increments;
  delete map.meta.version;
  return JSON.stringify(map);
};

async function coldMapOf(root: string): Promise<string> {
  const copy = tmpRepo({});
  cpSync(root, copy, { recursive: true, filter: (src) => !src.includes(`${path.sep}.proofmap`) });
  await scan({ root: copy });
  return withoutHistory(readFileSync(path.join(copy, '.proofmap/map.json'), 'utf8'));
}

async function withResident(root: string, body: (updates: WatchUpdate[], notes: string[]) => Promise<void>) {
  const updates: WatchUpdate[] = [];
  const notes: string[] = [];
  const resident = await Resident.start(root, {
    onUpdate: (u) => updates.push(u),
    onError: (e) => {
      throw e;
    },
    onNote: (m) => notes.push(m),
    events: 'inotify',
  });
  try {
    await body(updates, notes);
  } finally {
    await resident.stop();
  }
}

describe.runIf(linux)('proofmap scan with a resident running', () => {
  it('is answered by the resident, with an edit made just before in the map it reports', async () => {
    const root = gitRepo();
    await withResident(root, async () => {
      const quiet = JSON.parse(await cliScan(root, '--json'));
      expect(quiet).toMatchObject({ mode: 'resident', unchanged: true, files: 9, status: 'confirmed' });
      expect(quiet.edges.imports).toBe(7);

      appendFileSync(path.join(root, 'src/m7.ts'), "import { v0 } from './m0.js';\nexport const w = v0;\n");
      const edited = JSON.parse(await cliScan(root, '--json'));
      expect(edited.mode).toBe('resident');
      expect(edited.edges.imports).toBe(8);
      expect(edited.version).toBeGreaterThan(quiet.version);
      expect(withoutHistory(readFileSync(path.join(root, '.proofmap/map.json'), 'utf8'))).toBe(
        await coldMapOf(root),
      );
      expect(await cliScan(root)).toMatch(/^proofmap: the running watcher's map is current \(9 files; /);

      // Asked the moment the write returns: the fence makes the resident take the change in first.
      appendFileSync(path.join(root, 'src/m6.ts'), "import { v1 } from './m1.js';\nexport const w = v1;\n");
      const asked = await askResident(root);
      expect(asked).toMatchObject({ updated: true });
      expect(asked!.meta.version).toBeGreaterThan(edited.version);
      expect(asked!.meta.counts['edges.imports']).toBe(9);
    });
    // Once it stops, the socket is gone and the CLI scans by itself.
    expect(JSON.parse(await cliScan(root, '--json')).mode).toBe('unchanged');
  });

  it('rescans before answering when what no watch sees changed (git excludes a file now)', async () => {
    const root = gitRepo();
    // Stamps newer than the racy window (3 s) prove nothing, and would make every answer rescan.
    await new Promise((r) => setTimeout(r, 3200));
    await withResident(root, async (updates) => {
      const before = updates.length;
      expect(JSON.parse(await cliScan(root, '--json'))).toMatchObject({ mode: 'resident', unchanged: true });
      expect(updates.length, 'answered without a rescan').toBe(before);

      mkdirSync(path.join(root, '.git/info'), { recursive: true });
      writeFileSync(path.join(root, '.git/info/exclude'), 'src/m7.ts\n');
      execFileSync('git', ['rm', '-q', '--cached', 'src/m7.ts'], { cwd: root });
      const answer = JSON.parse(await cliScan(root, '--json'));
      expect(answer).toMatchObject({ mode: 'resident', unchanged: false, files: 8 });
      expect(updates.slice(before).map((u) => [u.paths, u.reason])).toEqual([
        [[], 'a scan was asked after a change no watch sees'],
      ]);
      expect(withoutHistory(readFileSync(path.join(root, '.proofmap/map.json'), 'utf8'))).toBe(
        await coldMapOf(root),
      );
    });
  });

  it('options a resident does not take (--force) make the CLI scan by itself', async () => {
    const root = gitRepo();
    await withResident(root, async () => {
      expect(JSON.parse(await cliScan(root, '--json', '--force')).mode).toBe('full');
    });
  });

  it('serve --watch answers scans too, and SIGTERM (how an MCP client ends it) stops it with its socket', async () => {
    const root = gitRepo();
    const server = spawn(process.execPath, [BIN, 'serve', root, '--watch'], {
      stdio: ['pipe', 'pipe', 'pipe'],
      env: { ...process.env, NODE_OPTIONS: '' },
    });
    const exited = new Promise<number | null>((done) => server.once('exit', (code) => done(code)));
    await new Promise<void>((ready) => {
      let said = '';
      server.stderr.on('data', (chunk: Buffer) => {
        said += chunk.toString('utf8');
        if (said.includes('watching for changes')) ready();
      });
    });
    expect(JSON.parse(await cliScan(root, '--json')).mode).toBe('resident');
    server.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(existsSync(scanSocketPath(root)!)).toBe(false);
  });

  it('a second resident leaves the socket to the first, and says so', async () => {
    const root = gitRepo();
    await withResident(root, async () => {
      await withResident(root, async (_updates, notes) => {
        expect(notes.join('\n')).toMatch(/another resident answers scans for this repository/);
      });
      // The second one's stop did not take the first one's socket away.
      expect((await askResident(root))?.root).toBe(root);
    });
  });
});

describe.runIf(linux)('what the CLI takes for a resident', () => {
  const scanReply = (root: string) => ({
    scan: {
      root,
      mapFile: path.join(root, '.proofmap/map.json'),
      meta: { counts: {} } as never,
      findings: [],
      updated: false,
      ms: 1,
    },
  });

  /** Runs `body` while `root`'s socket answers `reply`. */
  async function serving(root: string, reply: unknown, body: () => Promise<void>) {
    const served = await serveScans(root, async () => reply as never);
    if ('refused' in served) throw new Error(served.refused);
    try {
      await body();
    } finally {
      await served.close();
    }
  }

  it('a live socket of its own user answering for the root', async () => {
    const root = tmpRepo({ '.proofmap/.keep': '' });
    await serving(root, scanReply(root), async () => {
      expect((await askResident(root))?.root).toBe(root);
    });
    expect(await askResident(root)).toBeUndefined();
  });

  it('not an answer for another root, nor an unavailable one', async () => {
    const root = tmpRepo({ '.proofmap/.keep': '' });
    for (const reply of [scanReply('/elsewhere'), { unavailable: 'no fence' }])
      await serving(root, reply, async () => {
        expect(await askResident(root)).toBeUndefined();
      });
  });

  it('not a file, nor a link to a live socket', async () => {
    const root = tmpRepo({ '.proofmap/watch.sock': '{}\n' });
    expect(await askResident(root)).toBeUndefined();
    const other = tmpRepo({ '.proofmap/.keep': '' });
    await serving(other, scanReply(root), async () => {
      const linked = tmpRepo({ '.proofmap/.keep': '' });
      symlinkSync(scanSocketPath(other)!, path.join(linked, '.proofmap/watch.sock'));
      expect(await askResident(linked)).toBeUndefined();
    });
  });

  it('a socket left by a resident that died: nobody answers, and the next resident replaces it', async () => {
    const root = tmpRepo({ '.proofmap/.keep': '' });
    const file = scanSocketPath(root)!;
    // A process that listens, then is killed before it can remove its socket.
    const child = spawn(process.execPath, [
      '-e',
      `require('net').createServer().listen(${JSON.stringify(file)}, () => console.log('up'))`,
    ]);
    await new Promise((ready) => child.stdout.once('data', ready));
    child.kill('SIGKILL');
    await new Promise((gone) => child.once('exit', gone));
    await expect(new Promise((_, failed) => net.connect(file).once('error', failed))).rejects.toMatchObject({
      code: 'ECONNREFUSED',
    });
    expect(await askResident(root)).toBeUndefined();
    await serving(root, scanReply(root), async () => {
      expect((await askResident(root))?.root).toBe(root);
    });
  });

  it('a client that never asks holds neither its connection nor the close', async () => {
    const root = tmpRepo({ '.proofmap/.keep': '' });
    const served = await serveScans(root, async () => scanReply(root));
    if ('refused' in served) throw new Error(served.refused);
    const silent = net.connect(scanSocketPath(root)!);
    await new Promise((connected) => silent.once('connect', connected));
    const closed = new Promise((gone) => silent.once('close', gone));
    await served.close();
    await closed;
  });

  it('no socket where its path would be too long for one', () => {
    expect(scanSocketPath(`/${'d'.repeat(120)}`)).toBeUndefined();
    expect(scanSocketPath('/tmp/r')).toBe('/tmp/r/.proofmap/watch.sock');
  });
});
