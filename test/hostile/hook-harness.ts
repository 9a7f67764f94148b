/**
 * Hostile repositories for the gate, and the gate run exactly as Claude Code runs an installed
 * hook: `sh -c '<node> <bin/proofmap.js> gate --claude'` from the project folder, a fresh HOME
 * (so a fresh marker key), the event's JSON on stdin.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { tmpRepo } from '../helpers/tmp-repo.js';

export const worktree = path.resolve(new URL('../..', import.meta.url).pathname);
const bin = path.join(worktree, 'bin/proofmap.js');
export const HOOK = `'${process.execPath}' '${bin}' gate --claude`;

const home = mkdtempSync(path.join(os.tmpdir(), 'proofmap-hostile-home-'));
export const env = {
  HOME: home,
  PATH: [path.dirname(process.execPath), '/usr/bin', '/bin'].join(':'),
  NO_COLOR: '1',
  PROOFMAP_STATE_DIR: path.join(home, 'state'),
};

/** A git repository where src/core.ts is load-bearing (3 importers); gate settings as given. */
export function gatedRepo(gate: Record<string, unknown> = { block: true, fanIn: 3 }): string {
  const root = tmpRepo({
    'package.json': '{ "name": "app", "private": true }',
    'proofmap.config.json': JSON.stringify({ gate }),
    'src/core.ts': 'export const core = 1;\n',
    'src/a.ts': "import { core } from './core.js';\nexport const a = core;\n",
    'src/b.ts': "import { core } from './core.js';\nexport const b = core;\n",
    'src/c.ts': "import { core } from './core.js';\nexport const c = core;\n",
  });
  execFileSync('git', ['init', '-q'], { cwd: root });
  return root;
}

/** The CLI as a user runs it (killed after 30 s: a loaded CI box once took over 10 s to start one). */
export const cli = (root: string, args: string[], extraEnv: Record<string, string> = {}) =>
  spawnSync(process.execPath, [bin, ...args], {
    cwd: root,
    env: { ...env, ...extraEnv },
    encoding: 'utf8',
    timeout: 30_000,
  });

export interface HookRun {
  status: number | null;
  stderr: string;
  decision?: string;
  reason?: string;
  context?: string;
}

/** Runs the installed hook command with raw stdin text. */
export function hookRaw(root: string, input: string, extraEnv: Record<string, string> = {}): HookRun {
  const r = spawnSync('sh', ['-c', HOOK], {
    cwd: root,
    env: { ...env, ...extraEnv },
    input,
    encoding: 'utf8',
    timeout: 30_000,
  });
  const out = r.stdout.trim() ? JSON.parse(r.stdout).hookSpecificOutput : undefined;
  return {
    status: r.status,
    stderr: r.stderr,
    ...(out?.permissionDecision ? { decision: out.permissionDecision } : {}),
    ...(out?.permissionDecisionReason ? { reason: out.permissionDecisionReason } : {}),
    ...(out?.additionalContext ? { context: out.additionalContext } : {}),
  };
}

/** A PreToolUse event of `tool` writing `file` (absolute, or relative to root). */
export function preToolUse(root: string, file: string, tool = 'Write', session = 's1'): HookRun {
  return hookRaw(
    root,
    JSON.stringify({
      session_id: session,
      transcript_path: path.join(env.HOME, 't.jsonl'),
      cwd: root,
      permission_mode: 'default',
      hook_event_name: 'PreToolUse',
      tool_name: tool,
      tool_input: { file_path: path.resolve(root, file), content: 'x' },
      tool_use_id: `toolu_${Math.random().toString(36).slice(2)}`,
    }),
  );
}
