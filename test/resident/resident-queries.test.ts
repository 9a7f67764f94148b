/**
 * The query commands while a watcher runs: the installed CLI (bin/proofmap.js, built, a child
 * process) asks the watcher over .proofmap/watch.sock, and prints exactly what it prints once no
 * watcher runs — for every query command, text and JSON, errors included.
 */
import { execFile, spawn } from 'node:child_process';
import { appendFileSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { RESIDENT_QUERIES } from '../../src/cli/ask-watcher.js';
import { residentQueries } from '../../src/cli/resident-queries.js';
import { askResidentQuery } from '../../src/resident/scan-socket.js';
import { Resident } from '../../src/resident/watcher.js';
import { scan } from '../../src/scan.js';
import { committedRepo, importChain } from '../helpers/git-repo.js';
import { tmpRepo } from '../helpers/tmp-repo.js';

const BIN = path.resolve(__dirname, '../../bin/proofmap.js');
const exec = promisify(execFile);
const linux = process.platform === 'linux';
// The gate keeps what it has warned about here, not in the user's state folder.
process.env.PROOFMAP_STATE_DIR ??= mkdtempSync(path.join(os.tmpdir(), 'proofmap-state-'));

const gitRepo = () =>
  committedRepo({
    'package.json': '{ "name": "q" }\n',
    'README.md': '# q\n\nStart at [the first module](src/m0.ts).\n',
    ...importChain(6),
    'src/cycle-a.ts': "import { b } from './cycle-b.js';\nexport const a = () => b;\n",
    'src/cycle-b.ts': "import { a } from './cycle-a.js';\nexport const b = () => a;\n",
  });

/** The CLI as a user runs it: its output and exit code, whatever they are. */
async function cli(cwd: string, args: string[], env: Record<string, string> = {}) {
  try {
    const { stdout, stderr } = await exec(process.execPath, [BIN, ...args], {
      cwd,
      env: { ...process.env, NODE_OPTIONS: '', ...env },
    });
    return { stdout, stderr, code: 0 };
  } catch (error) {
    const failed = error as { stdout: string; stderr: string; code: number };
    return { stdout: failed.stdout, stderr: failed.stderr, code: failed.code };
  }
}

/** Runs `body` while a watcher on `root` answers queries; counts the questions it answered. */
async function watching(root: string, body: (answered: () => number) => Promise<void>) {
  const queries = residentQueries(root);
  let answered = 0;
  const resident = await Resident.start(root, {
    onUpdate: () => queries.drop(),
    onError: (e) => {
      throw e;
    },
    query: async (question) => {
      const out = await queries.query(question);
      answered++;
      return out;
    },
    events: 'inotify',
  });
  try {
    await body(() => answered);
  } finally {
    await resident.stop();
    queries.drop();
  }
}

const QUESTIONS: string[][] = [
  ['impact', 'src/m0.ts'],
  ['impact', 'src/m0.ts', '--json', '--depth', '2'],
  ['impact', 'src/m0.ts', '--format', 'mermaid'],
  ['impact', 'src/m0.ts#v0', '--json'],
  ['context', 'src/m3.ts'],
  ['context', 'src/m3.ts', '--json'],
  ['refs', 'src/m0.ts', '--json'],
  ['path', 'src/m5.ts', 'src/m0.ts'],
  ['cycles', '--json'],
  ['packages'],
  ['rank', '--limit', '3', '--json'],
  ['changes', '--json'],
  // Errors are the command's own, the same either way.
  ['impact', 'src/nowhere.ts'],
  ['impact', 'src/m0.ts', '--limit', 'x'],
  ['impact'],
];

describe.runIf(linux)('query commands with a watcher running', () => {
  it('answer through the watcher exactly as they do without one', async () => {
    const root = gitRepo();
    await scan({ root });
    const viaWatcher: unknown[] = [];
    await watching(root, async (answered) => {
      for (const args of QUESTIONS) viaWatcher.push(await cli(root, args));
      // The same question naming the repository from elsewhere (its [dir], or --root=).
      viaWatcher.push(await cli(path.dirname(root), ['impact', 'src/m0.ts', root, '--json']));
      viaWatcher.push(await cli(path.dirname(root), ['refs', 'src/m0.ts', `--root=${root}`]));
      expect(answered()).toBe(QUESTIONS.length + 2);
    });
    const alone: unknown[] = [];
    for (const args of QUESTIONS) alone.push(await cli(root, args));
    alone.push(await cli(path.dirname(root), ['impact', 'src/m0.ts', root, '--json']));
    alone.push(await cli(path.dirname(root), ['refs', 'src/m0.ts', `--root=${root}`]));
    expect(viaWatcher).toEqual(alone);
    // Not vacuous: the answers hold what the questions ask.
    expect(JSON.parse((alone[1] as { stdout: string }).stdout).total).toBe(2);
    expect((alone[12] as { code: number }).code).toBe(2);
  });

  it('an edit made just before the question is in the answer', async () => {
    const root = gitRepo();
    await scan({ root });
    await watching(root, async (answered) => {
      const before = JSON.parse((await cli(root, ['impact', 'src/m4.ts', '--json'])).stdout);
      appendFileSync(
        path.join(root, 'src/cycle-a.ts'),
        "import { v4 } from './m4.js';\nexport const c = v4;\n",
      );
      const after = JSON.parse((await cli(root, ['impact', 'src/m4.ts', '--json'])).stdout);
      expect(answered()).toBe(2);
      expect(after.total).toBe(before.total + 2); // cycle-a, and cycle-b through it
      expect(after.items.map((i: { path: string }) => i.path)).toContain('src/cycle-a.ts');

      // Asked the moment the write returns (no process start in between): the watcher proves the
      // change delivered and applied before it answers.
      appendFileSync(path.join(root, 'src/m0.ts'), "import { v5 } from './m5.js';\nexport const e = v5;\n");
      const asked = await askResidentQuery(root, {
        command: 'impact',
        argv: ['src/m5.ts', '--json'],
        cwd: root,
      });
      expect(answered()).toBe(3);
      // m0 now imports m5; m1…m4 import m0, cycle-a m4 (above), cycle-b cycle-a.
      expect(JSON.parse(asked!.stdout).total).toBe(7);
    });
  });

  it('the watcher answering consults: the edit gate lets the file through after it', async () => {
    const root = tmpRepo({
      'proofmap.config.json': '{ "gate": { "fanIn": 2, "block": true } }',
      'src/core.ts': 'export const core = 1;\n',
      'src/a.ts': "import { core } from './core.js';\nexport const a = core;\n",
      'src/b.ts': "import { core } from './core.js';\nexport const b = core;\n",
    });
    await scan({ root });
    await watching(root, async (answered) => {
      expect((await cli(root, ['gate', '--file', 'src/core.ts'])).code).toBe(1);
      expect((await cli(root, ['impact', 'src/core.ts'])).code).toBe(0);
      expect(answered()).toBe(1);
      expect(await cli(root, ['gate', '--file', 'src/core.ts'])).toMatchObject({ code: 0, stderr: '' });
    });
  });

  it('questions it must not answer are answered by the CLI itself', async () => {
    const root = gitRepo();
    const other = gitRepo();
    await scan({ root });
    await scan({ root: other });
    await watching(root, async (answered) => {
      // Asked from the watched repository about another one: the watcher's parse sees that.
      const elsewhere = await cli(root, ['impact', 'src/m0.ts', other, '--json']);
      expect(JSON.parse(elsewhere.stdout).total).toBe(5);
      // The shared index (--db or its variable) and help are never the watcher's.
      expect((await cli(root, ['impact', 'src/m0.ts', '--db', 'mysql://x'])).code).toBe(2);
      expect((await cli(root, ['impact', 'src/m0.ts'], { PROOFMAP_DB: 'mysql://x' })).code).toBe(2);
      expect((await cli(root, ['impact', '--help'])).stdout).toMatch(/^usage: proofmap impact/);
      expect(answered()).toBe(0);
    });
  });

  it('serve --watch answers them too', async () => {
    const root = gitRepo();
    await scan({ root });
    const alone = await cli(root, ['impact', 'src/m0.ts', '--json']);
    const server = spawn(process.execPath, [BIN, 'serve', root, '--watch'], {
      stdio: ['pipe', 'pipe', 'pipe'],
      env: { ...process.env, NODE_OPTIONS: '' },
    });
    const exited = new Promise((done) => server.once('exit', done));
    try {
      await new Promise<void>((ready) => {
        let said = '';
        server.stderr.on('data', (chunk: Buffer) => {
          said += chunk.toString('utf8');
          if (said.includes('watching for changes')) ready();
        });
      });
      // Its answer comes in before the edit below is on disk (a watcher answers after it).
      const via = await cli(root, ['impact', 'src/m0.ts', '--json']);
      expect(via).toEqual(alone);
      appendFileSync(
        path.join(root, 'src/cycle-b.ts'),
        "import { v0 } from './m0.js';\nexport const d = v0;\n",
      );
      const edited = JSON.parse((await cli(root, ['impact', 'src/m0.ts', '--json'])).stdout);
      expect(edited.total).toBe(JSON.parse(alone.stdout).total + 2);
    } finally {
      server.kill('SIGTERM');
      await exited;
    }
  });

  it('asks for exactly the commands that answer through runQueryCommand', () => {
    const dir = path.resolve(__dirname, '../../src/cli/commands');
    const querying = readdirSync(dir)
      .filter((f) => readFileSync(path.join(dir, f), 'utf8').includes('runQueryCommand('))
      .map((f) => f.replace(/\.ts$/, ''))
      .sort();
    expect([...RESIDENT_QUERIES].sort()).toEqual(querying);
  });
});
