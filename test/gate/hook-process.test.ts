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
function hook(root: string, event: 'PreToolUse' | 'PostToolUse') {
  const input = JSON.stringify({
    hook_event_name: event,
    tool_name: 'Edit',
    cwd: root,
    tool_input: { file_path: path.join(root, 'src/core.ts') },
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
});
