import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { scan } from '../../src/scan.js';
import { tmpRepo } from '../helpers/tmp-repo.js';

const bin = path.resolve(new URL('../../bin/proofmap.js', import.meta.url).pathname);
const env = { ...process.env, PROOFMAP_STATE_DIR: mkdtempSync(path.join(os.tmpdir(), 'proofmap-state-')) };
// The in-process scan seals the gate's rows with the key the hook process will read.
process.env.PROOFMAP_STATE_DIR = env.PROOFMAP_STATE_DIR;

/** The hook as Claude Code runs it: a new process per event, through the bundled entry point. */
function hook(root: string, event: 'PreToolUse' | 'PostToolUse', edit: Record<string, unknown> = {}) {
  const input = JSON.stringify({
    hook_event_name: event,
    tool_name: 'Edit',
    cwd: root,
    tool_input: { file_path: path.join(root, 'src/core.ts'), ...edit },
  });
  const r = spawnSync(process.execPath, [bin, 'gate', '--claude'], {
    input,
    cwd: root,
    env,
    encoding: 'utf8',
  });
  return { status: r.status, out: r.stdout ? JSON.parse(r.stdout) : undefined, stderr: r.stderr };
}

describe('proofmap gate --claude as a process (dist/gate-hook bundle)', () => {
  it('warns before, and reports still-used removed exports after, an edit', async () => {
    const root = tmpRepo({
      'proofmap.config.json': '{ "gate": { "fanIn": 2 } }',
      'src/core.ts': 'export const core = 1;\n',
      'src/a.ts': "import { core } from './core.js';\nexport const a = core;\n",
      'src/b.ts': "import { core } from './core.js';\nexport const b = core;\n",
    });
    await scan({ root });
    const pre = hook(root, 'PreToolUse');
    expect(pre.status).toBe(0);
    expect(pre.out.hookSpecificOutput.additionalContext).toMatch(/src\/core\.ts is load-bearing/);
    writeFileSync(path.join(root, 'src/core.ts'), 'export const kernel = 1;\n');
    const post = hook(root, 'PostToolUse');
    expect(post.out.hookSpecificOutput.additionalContext).toMatch(
      /no longer exports `core`, but 2 import sites still use it: src\/a\.ts:1 \(core\), src\/b\.ts:1 \(core\)/,
    );
  });

  it('grades an edit on the users of the exports it touches, through barrels, when its old_string names them', async () => {
    const users = Object.fromEntries(
      ['a', 'b', 'c'].map((n) => [
        `src/${n}.ts`,
        `import { hot } from './index.js';\nexport const ${n} = hot;\n`,
      ]),
    );
    const root = tmpRepo({
      'proofmap.config.json': '{ "gate": { "fanIn": 3 } }',
      'src/core.ts': 'export const hot = 1;\nexport const cold = 2;\n',
      'src/index.ts': "export * from './core.js';\n",
      'src/d.ts': "import { cold } from './index.js';\nexport const d = cold;\n",
      ...users,
    });
    await scan({ root });
    // Three files use `hot` through the barrel: an edit of its declaration is load-bearing.
    const hot = hook(root, 'PreToolUse', {
      old_string: 'export const hot = 1;',
      new_string: 'export const hot = 3;',
    });
    expect(hot.out.hookSpecificOutput.additionalContext).toMatch(/src\/core\.ts is load-bearing/);
    // One file uses `cold`: the same file, but this edit can break only that one.
    const cold = hook(root, 'PreToolUse', {
      old_string: 'export const cold = 2;',
      new_string: 'export const cold = 4;',
    });
    expect(cold.out?.hookSpecificOutput?.additionalContext ?? '').not.toMatch(/load-bearing/);
  });
});
