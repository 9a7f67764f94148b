import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { gateCommand } from '../../src/cli/commands/gate.js';
import { signMarker } from '../../src/gate/marker.js';
import { scan } from '../../src/scan.js';
import { recordConsult } from '../../src/store/consult.js';
import { openIndex } from '../../src/store/index.js';
import { tmpRepo } from '../helpers/tmp-repo.js';

process.env.PROOFMAP_STATE_DIR = mkdtempSync(path.join(os.tmpdir(), 'proofmap-state-'));

/** core.ts is imported by three files (guarded at fanIn 3); leaf.ts by nobody. */
function repo(gate: Record<string, unknown> = {}) {
  return tmpRepo(
    {
      'package.json': '{ "name": "gated", "version": "1.0.0" }',
      'proofmap.config.json': JSON.stringify({ gate: { fanIn: 3, ...gate } }),
      'src/core.ts': 'export const core = 1;\nexport const other = 2;\n',
      'src/a.ts': "import { core } from './core.js';\nexport const a = core;\n",
      'src/b.ts': "import { core } from './core.js';\nexport const b = core;\n",
      'src/c.ts': "import { core, other } from './core.js';\nexport const c = core + other;\n",
      'src/leaf.ts': "import { a } from './a.js';\nexport const leaf = a;\n",
    },
    { keep: 'file' },
  );
}

const payload = (name: string, root: string) =>
  readFileSync(new URL(`../fixtures/claude-hook-payloads/${name}.json`, import.meta.url), 'utf8').replaceAll(
    '__ROOT__',
    root,
  );

async function hook(root: string, name: string) {
  let stdout = '';
  let stderr = '';
  const io = {
    stdout: { write: (s: string) => (stdout += s) },
    stderr: { write: (s: string) => (stderr += s) },
    cwd: root,
    env: {},
  };
  const { exitCode } = await gateCommand(['--claude'], io, () => payload(name, root));
  return { exitCode, stderr, out: stdout ? JSON.parse(stdout) : undefined };
}

async function generic(root: string, file: string) {
  let stderr = '';
  const io = {
    stdout: { write: () => true },
    stderr: { write: (s: string) => (stderr += s) },
    cwd: root,
    env: {},
  };
  const { exitCode } = await gateCommand(['--file', file], io, () => '');
  return { exitCode, stderr };
}

const consult = (root: string, rel: string) => {
  const store = openIndex(root);
  recordConsult(store, root, [rel], `impact ${rel}`);
  store.close();
};

describe('the edit gate (Claude Code PreToolUse)', () => {
  let root: string;
  beforeAll(async () => {
    root = repo();
    await scan({ root });
  });

  it('never gates a Read', async () => {
    expect(await hook(root, 'pre-read')).toEqual({ exitCode: 0, stderr: '', out: undefined });
  });

  it('warns (does not deny, does not auto-allow) on a load-bearing file not consulted', async () => {
    const r = await hook(root, 'pre-edit');
    expect(r.exitCode).toBe(0);
    expect(r.out.hookSpecificOutput.permissionDecision).toBeUndefined();
    expect(r.out.hookSpecificOutput.additionalContext).toMatch(
      /^proofmap: src\/core\.ts is load-bearing: 3 files import it directly\. Its impact has not been consulted: run `map_impact` on it or `proofmap impact src\/core\.ts` first\.\nproofmap impact summary for src\/core\.ts:\n- used by src\/a\.ts, src\/b\.ts, src\/c\.ts\n/,
    );
  });

  it('passes silently after a real consult, and gates again once the file changed', async () => {
    consult(root, 'src/core.ts');
    expect((await hook(root, 'pre-edit')).out).toBeUndefined();
    writeFileSync(path.join(root, 'src/core.ts'), 'export const core = 1;\nexport const other = 3;\n');
    const again = await hook(root, 'pre-edit');
    expect(again.out.hookSpecificOutput.additionalContext).toMatch(
      /It changed on disk since its impact was consulted/,
    );
  });

  it('rejects a hand-written marker: a row without our signature, or a marker file', async () => {
    const store = openIndex(root);
    const hash = (await import('../../src/store/consult.js')).diskHash(root, 'src/core.ts')!;
    store.putMarker({
      path: 'src/core.ts',
      hash,
      epoch: store.epoch(),
      query: 'impact src/core.ts',
      time: Date.now(),
      signature: 'ab'.repeat(32),
    });
    store.close();
    mkdirSync(path.join(root, '.proofmap/markers'), { recursive: true });
    writeFileSync(
      path.join(root, '.proofmap/markers/src__core.ts.json'),
      JSON.stringify({ path: 'src/core.ts', hash }),
    );
    expect((await hook(root, 'pre-edit')).out.hookSpecificOutput.additionalContext).toMatch(
      /not written by proofmap/,
    );
    // A marker signed with another key is forged too.
    const other = openIndex(root);
    other.putMarker(
      signMarker(Buffer.alloc(32, 1), root, {
        path: 'src/core.ts',
        hash,
        epoch: 1,
        query: 'x',
        time: Date.now(),
      }),
    );
    other.close();
    expect((await hook(root, 'pre-edit')).out.hookSpecificOutput.additionalContext).toMatch(
      /not written by proofmap/,
    );
  });

  it('allows a leaf with a one-line note of its dependents, and says why files outside are not gated', async () => {
    const leaf = await generic(root, 'src/a.ts');
    expect(leaf).toEqual({
      exitCode: 0,
      stderr: 'proofmap: 1 file uses src/a.ts (src/leaf.ts); not gated.\n',
    });
    const outside = await generic(root, '/etc/hosts');
    expect(outside.stderr).toMatch(/outside the repository/);
    const fresh = await generic(root, 'src/new-file.ts');
    expect(fresh.stderr).toMatch(/not in the index/);
  });

  it('denies when the project opted into blocking, and allows once consulted', async () => {
    const strict = repo({ block: true });
    await scan({ root: strict });
    const denied = await hook(strict, 'pre-edit');
    expect(denied.out.hookSpecificOutput).toMatchObject({
      hookEventName: 'PreToolUse',
      permissionDecision: 'deny',
    });
    expect(denied.out.hookSpecificOutput.permissionDecisionReason).toMatch(/allowed once consulted/);
    expect((await generic(strict, 'src/core.ts')).exitCode).toBe(1);
    consult(strict, 'src/core.ts');
    expect((await hook(strict, 'pre-edit')).out).toBeUndefined();
    expect((await generic(strict, 'src/core.ts')).exitCode).toBe(0);
  });

  it('malformed stdin never blocks by accident: exit 1 (non-blocking) with a visible warning', async () => {
    let stderr = '';
    const io = {
      stdout: { write: () => true },
      stderr: { write: (s: string) => (stderr += s) },
      cwd: root,
      env: {},
    };
    const r = await gateCommand(['--claude'], io, () => '{not json');
    expect(r.exitCode).toBe(1);
    expect(stderr).toMatch(/could not decide .* not gated/);
  });
});

describe('rename completeness (PostToolUse)', () => {
  it('names the files and lines that still import a removed export', async () => {
    const root = repo();
    await scan({ root });
    writeFileSync(path.join(root, 'src/core.ts'), 'export const kernel = 1;\nexport const other = 2;\n');
    const r = await hook(root, 'post-edit');
    expect(r.out.hookSpecificOutput.hookEventName).toBe('PostToolUse');
    expect(r.out.hookSpecificOutput.additionalContext).toBe(
      'proofmap: src/core.ts no longer exports `core`, but 3 import sites still use it: src/a.ts:1 (core), src/b.ts:1 (core), src/c.ts:1 (core). Update them or keep the old name exported.',
    );
    // Once the importers are updated, nothing is said.
    for (const f of ['a', 'b', 'c'])
      writeFileSync(
        path.join(root, `src/${f}.ts`),
        "import { kernel } from './core.js';\nexport const x = kernel;\n",
      );
    expect((await hook(root, 'post-edit')).out).toBeUndefined();
  });
});

describe('the gate configuration, read at decision time', () => {
  it('a YAML configuration changed after the scan takes effect on the next edit', async () => {
    const root = tmpRepo({
      'proofmap.config.yaml': 'gate:\n  fanIn: 3\n',
      'src/core.ts': 'export const core = 1;\n',
      'src/a.ts': "import { core } from './core.js';\nexport const a = core;\n",
      'src/b.ts': "import { core } from './core.js';\nexport const b = core;\n",
      'src/c.ts': "import { core } from './core.js';\nexport const c = core;\n",
    });
    await scan({ root });
    expect((await generic(root, 'src/core.ts')).exitCode).toBe(0);
    writeFileSync(path.join(root, 'proofmap.config.yaml'), 'gate:\n  fanIn: 3\n  block: true\n');
    const denied = await generic(root, 'src/core.ts');
    expect(denied.exitCode).toBe(1);
    expect(denied.stderr).toMatch(/load-bearing: 3 files import it directly.*allowed once consulted/);
    writeFileSync(path.join(root, 'proofmap.config.yaml'), 'gate:\n  fanIn: 4\n  block: true\n');
    expect(await generic(root, 'src/core.ts')).toEqual({
      exitCode: 0,
      stderr: 'proofmap: 3 files use src/core.ts (src/a.ts, src/b.ts, src/c.ts); not gated.\n',
    });
  });
});
