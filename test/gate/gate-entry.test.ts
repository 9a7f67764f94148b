/**
 * The gate's own entry, bin/proofmap-gate.cjs, as `hooks install --local` runs it: a new process
 * per event. It must answer exactly as `proofmap gate --claude` does, before and after its code
 * cache exists, and it must not pay for what it does not use: no better-sqlite3 JavaScript files
 * or `bindings` search from node_modules (the bundle carries them), only the addon itself.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import Module from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { scan } from '../../src/scan.js';
import { tmpRepo } from '../helpers/tmp-repo.js';

const here = path.dirname(new URL(import.meta.url).pathname);
const gateBin = path.resolve(here, '../../bin/proofmap-gate.cjs');
const cliBin = path.resolve(here, '../../bin/proofmap.js');
const state = mkdtempSync(path.join(os.tmpdir(), 'proofmap-state-'));
const env = { ...process.env, PROOFMAP_STATE_DIR: state };
// The in-process scan seals the gate's rows with the key the hook processes read.
process.env.PROOFMAP_STATE_DIR = state;

/** Writes, at exit, every module file the process loaded (require.cache: .js, .cjs and .node). */
const preload = path.join(mkdtempSync(path.join(os.tmpdir(), 'proofmap-preload-')), 'loaded.cjs');
writeFileSync(
  preload,
  "process.on('exit', () => require('fs').writeFileSync(process.env.LOADED_OUT, JSON.stringify(Object.keys(require.cache))));\n",
);

function run(
  argv: string[],
  root: string,
  event: Record<string, unknown>,
  extra: Record<string, string> = {},
) {
  const r = spawnSync(process.execPath, argv, {
    input: JSON.stringify({ cwd: root, tool_name: 'Edit', ...event }),
    cwd: root,
    env: { ...env, ...extra },
    encoding: 'utf8',
  });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

function fixture() {
  return tmpRepo({
    'proofmap.config.json': '{ "gate": { "fanIn": 2 } }',
    'src/core.ts': 'export const core = 1;\n',
    'src/a.ts': "import { core } from './core.js';\nexport const a = core;\n",
    'src/b.ts': "import { core } from './core.js';\nexport const b = core;\n",
  });
}

const events = (root: string, session: string) => ({
  pre: {
    hook_event_name: 'PreToolUse',
    session_id: session,
    tool_use_id: `${session}-1`,
    tool_input: { file_path: path.join(root, 'src/core.ts'), old_string: 'core = 1', new_string: 'x' },
  },
  post: {
    hook_event_name: 'PostToolUse',
    session_id: session,
    tool_use_id: `${session}-1`,
    tool_input: { file_path: path.join(root, 'src/core.ts') },
  },
});

describe('bin/proofmap-gate.cjs, the installed gate entry', () => {
  it('answers as `proofmap gate --claude` does, with and without its code cache, PreToolUse and PostToolUse', async () => {
    // The same repository twice, one per entry: each event leaves a marker the next one reads.
    const entries = { cli: [cliBin, 'gate', '--claude'], entry: [gateBin, '--claude'] };
    const answers: Record<string, { status: number | null; stdout: string }[]> = { cli: [], entry: [] };
    for (const [name, argv] of Object.entries(entries)) {
      const root = fixture();
      await scan({ root });
      // A new session each round: unconsulted, so it warns; the first round compiles, the others may use the cache.
      for (const round of [1, 2, 3]) {
        writeFileSync(path.join(root, 'src/core.ts'), 'export const core = 1;\n');
        const e = events(root, `session-${round}`);
        const pre = run(argv, root, e.pre);
        // The edit removes `core`, still imported twice: the rename check (an import() of the parser).
        writeFileSync(path.join(root, 'src/core.ts'), 'export const kernel = 1;\n');
        const post = run(argv, root, e.post);
        expect(pre.stderr + post.stderr).toBe('');
        answers[name]!.push(
          { status: pre.status, stdout: pre.stdout },
          { status: post.status, stdout: post.stdout },
        );
      }
    }
    expect(answers.entry).toEqual(answers.cli);
    expect(JSON.parse(answers.entry![0]!.stdout).hookSpecificOutput.additionalContext).toMatch(
      /src\/core\.ts is load-bearing/,
    );
    expect(JSON.parse(answers.entry![1]!.stdout).hookSpecificOutput.additionalContext).toMatch(
      /no longer exports `core`, but 2 import sites still use it/,
    );
    // Node ≥ 22.1 caches compiled code itself; before that the loader keeps one per build here.
    const caches = existsSync(path.join(state, 'code-cache'))
      ? readdirSync(path.join(state, 'code-cache'))
      : [];
    if (typeof (Module as { enableCompileCache?: unknown }).enableCompileCache === 'function')
      expect(caches).toEqual([]);
    else expect(caches).toEqual([expect.stringMatching(/^gate-[0-9a-f]{32}-v\d+\.\d+\.\d+-\w+\.v8$/)]);
  });

  it('loads the addon but none of better-sqlite3 JavaScript files nor bindings', async () => {
    const root = fixture();
    await scan({ root });
    const out = path.join(path.dirname(preload), 'loaded.json');
    const r = run(['-r', preload, gateBin, '--claude'], root, events(root, 'modules').pre, {
      LOADED_OUT: out,
    });
    expect(r.status, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout).hookSpecificOutput.additionalContext).toMatch(/load-bearing/);
    const loaded = (JSON.parse(readFileSync(out, 'utf8')) as string[]).filter((f) =>
      f.includes('node_modules'),
    );
    expect(loaded.filter((f) => /better-sqlite3[\\/]lib[\\/]|[\\/]bindings[\\/]/.test(f))).toEqual([]);
    expect(loaded.filter((f) => f.endsWith('better_sqlite3.node'))).toHaveLength(1);
  });
});
