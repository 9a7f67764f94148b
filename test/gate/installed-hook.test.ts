/**
 * The gate exactly as Claude Code runs it: the command is read from the settings file that
 * `hooks install` wrote, run with `sh -c` in a fresh environment without proofmap on PATH, from
 * the project folder, with the event's JSON on stdin. proofmap is reachable only the way a user
 * installs it: node_modules/proofmap (a link to this worktree) and its node_modules/.bin entry.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { openIndex } from '../../src/store/index.js';
import { tmpRepo } from '../helpers/tmp-repo.js';

const worktree = path.resolve(new URL('../..', import.meta.url).pathname);

/** A fresh environment: a new HOME (so a new marker key), and a PATH with node but no proofmap. */
const env = {
  HOME: mkdtempSync(path.join(os.tmpdir(), 'proofmap-home-')),
  PATH: [path.dirname(process.execPath), '/usr/bin', '/bin'].join(':'),
};

function fixture(config: Record<string, unknown>) {
  const root = tmpRepo(
    {
      'package.json': '{ "name": "app", "private": true, "devDependencies": { "proofmap": "*" } }',
      'proofmap.config.json': JSON.stringify({ gate: config }),
      'src/core.ts': 'export const core = 1;\n',
      'src/a.ts': "import { core } from './core.js';\nexport const a = core;\n",
      'src/b.ts': "import { core } from './core.js';\nexport const b = core;\n",
      'src/c.ts':
        "import { core } from './core.js';\nimport { util } from './lib/util.js';\nexport const c = core + util;\n",
      'src/lib/util.ts': 'export const util = 1;\n',
      'src/lib/x.ts': "import { util } from './util.js';\nexport const x = util;\n",
      'src/lib/y.ts': "import { util } from './util.js';\nexport const y = util;\n",
    },
    { keep: 'file' },
  );
  mkdirSync(path.join(root, 'node_modules/.bin'), { recursive: true });
  symlinkSync(worktree, path.join(root, 'node_modules/proofmap'));
  symlinkSync('../proofmap/bin/proofmap.js', path.join(root, 'node_modules/.bin/proofmap'));
  return root;
}

/** A shell command in the fresh environment, from the project folder. */
const sh = (root: string, command: string, input = '') =>
  spawnSync('sh', ['-c', command], { cwd: root, env, input, encoding: 'utf8', timeout: 60_000 });

/** The installed PreToolUse and PostToolUse commands, read back from a settings file. */
function installedCommands(root: string, file: string) {
  const settings = JSON.parse(readFileSync(path.join(root, '.claude', file), 'utf8'));
  const pick = (event: string) => {
    const entry = settings.hooks[event].find((e: { matcher: string }) => e.matcher.includes('Edit'));
    expect(entry.matcher).toBe('Write|Edit|MultiEdit|NotebookEdit');
    return entry.hooks[0].command as string;
  };
  return { pre: pick('PreToolUse'), post: pick('PostToolUse') };
}

function event(
  root: string,
  command: string,
  name: 'PreToolUse' | 'PostToolUse',
  session: string,
  toolUseId: string,
  rel = 'src/core.ts',
) {
  const payload = {
    session_id: session,
    transcript_path: path.join(env.HOME, `${session}.jsonl`),
    cwd: root,
    permission_mode: 'default',
    hook_event_name: name,
    tool_name: 'Edit',
    tool_input: { file_path: path.join(root, rel), old_string: 'a', new_string: 'b' },
    tool_use_id: toolUseId,
    ...(name === 'PostToolUse' ? { tool_response: { filePath: path.join(root, rel), success: true } } : {}),
  };
  const r = sh(root, command, JSON.stringify(payload));
  expect(r.status, r.stderr).toBe(0);
  const out = r.stdout.trim() ? JSON.parse(r.stdout).hookSpecificOutput : undefined;
  return { out, decision: out?.permissionDecision as string | undefined };
}

/** An edit as Claude Code makes it: PreToolUse, the write (when allowed), PostToolUse. */
function edit(root: string, hook: { pre: string; post: string }, session: string, id: string, text: string) {
  const pre = event(root, hook.pre, 'PreToolUse', session, id);
  if (pre.decision === 'deny') return pre;
  writeFileSync(path.join(root, 'src/core.ts'), text);
  event(root, hook.post, 'PostToolUse', session, id);
  return pre;
}

describe('the installed hook command, run as Claude Code runs it', () => {
  let root: string;
  let hook: { pre: string; post: string };

  beforeAll(() => {
    root = fixture({ fanIn: 3, block: true });
    expect(sh(root, 'command -v proofmap').status).not.toBe(0);
    expect(sh(root, 'npx --no-install proofmap scan').status).toBe(0);
    const install = sh(root, 'npx --no-install proofmap hooks install --claude');
    expect(install.status, install.stderr).toBe(0);
    expect(install.stdout).toMatch(
      /verified `NODE_EXTRA_CA_CERTS= exec npx --no-install proofmap gate --claude`.*proofmap's gate answered/,
    );
    hook = installedCommands(root, 'settings.json');
    expect(hook.pre).toBe('NODE_EXTRA_CA_CERTS= exec npx --no-install proofmap gate --claude');
  });

  it('denies an unconsulted edit of a load-bearing file, with what it can break and what to run', () => {
    const r = event(root, hook.pre, 'PreToolUse', 'session-a', 'toolu_1');
    expect(r.decision).toBe('deny');
    expect(r.out.permissionDecisionReason).toBe(
      'proofmap: src/core.ts is load-bearing: 3 files import it directly. Its impact has not been consulted: run `map_impact` on it or `proofmap impact src/core.ts` first; the edit is allowed once consulted.',
    );
    expect(r.out.additionalContext).toMatch(
      /^proofmap impact summary for src\/core\.ts:\n- used by src\/a\.ts, src\/b\.ts, src\/c\.ts\n/,
    );
  });

  it('allows after a consult, keeps allowing the same session across its own edits, and asks again for another session or a change on disk', () => {
    expect(sh(root, 'npx --no-install proofmap impact src/core.ts').status).toBe(0);
    expect(edit(root, hook, 'session-a', 'toolu_2', 'export const core = 2;\n').decision).toBeUndefined();
    // The second edit of the same file by the same session: its own edit did not lapse the consult.
    expect(edit(root, hook, 'session-a', 'toolu_3', 'export const core = 3;\n').decision).toBeUndefined();
    expect(readFileSync(path.join(root, 'src/core.ts'), 'utf8')).toBe('export const core = 3;\n');
    const other = event(root, hook.pre, 'PreToolUse', 'session-b', 'toolu_4');
    expect(other.decision).toBe('deny');
    expect(other.out.permissionDecisionReason).toMatch(/Its impact was consulted in another session/);
    // Someone changes the file outside the session: the consult lapses for session-a too.
    writeFileSync(path.join(root, 'src/core.ts'), 'export const core = 4;\n');
    const stale = event(root, hook.pre, 'PreToolUse', 'session-a', 'toolu_5');
    expect(stale.decision).toBe('deny');
    expect(stale.out.permissionDecisionReason).toMatch(/It changed on disk since its impact was consulted/);
    expect(sh(root, 'npx --no-install proofmap impact src/core.ts').status).toBe(0);
    expect(event(root, hook.pre, 'PreToolUse', 'session-a', 'toolu_6').decision).toBeUndefined();
  });

  it('a folder-level query writes no marker below the folder, and the gate still asks', () => {
    expect(sh(root, 'npx --no-install proofmap context src/lib').status).toBe(0);
    const impact = sh(root, 'npx --no-install proofmap impact src/lib --json');
    expect(JSON.parse(impact.stdout).notes).toContain(
      'gate: an answer about a folder or package counts as consulting none of its files; ask about the file you will edit',
    );
    const store = openIndex(root, { readonly: true });
    const below = store.markerPaths().filter((m) => m.path.startsWith('src/lib/'));
    store.close();
    expect(below).toEqual([]);
    expect(event(root, hook.pre, 'PreToolUse', 'session-a', 'toolu_7', 'src/lib/util.ts').decision).toBe(
      'deny',
    );
  });

  it('reads the gate configuration at decision time: warn instead of deny, without a rescan; warns a session once', () => {
    writeFileSync(path.join(root, 'proofmap.config.json'), JSON.stringify({ gate: { fanIn: 3 } }));
    const r = event(root, hook.pre, 'PreToolUse', 'session-c', 'toolu_8', 'src/lib/util.ts');
    expect(r.decision).toBeUndefined();
    expect(r.out.additionalContext).toMatch(
      /^proofmap: src\/lib\/util\.ts is load-bearing: 3 files import it directly\. .*first\.\nproofmap impact summary/,
    );
    // The warning carried the impact summary: the same session is not told again.
    expect(
      event(root, hook.pre, 'PreToolUse', 'session-c', 'toolu_9', 'src/lib/util.ts').out,
    ).toBeUndefined();
    writeFileSync(path.join(root, 'proofmap.config.json'), JSON.stringify({ gate: { fanIn: 4 } }));
    expect(
      event(root, hook.pre, 'PreToolUse', 'session-d', 'toolu_10', 'src/lib/util.ts').out.additionalContext,
    ).toBe('proofmap: 3 files use src/lib/util.ts (src/c.ts, src/lib/x.ts, src/lib/y.ts); not gated.');
  });
});

describe('the installed hook, absolute-path variant (--local)', () => {
  it('runs from settings.local.json and lapses a consult after the configured age', async () => {
    const root = fixture({ fanIn: 3, block: true, markerMaxAgeHours: 0.0015 });
    expect(sh(root, 'node_modules/.bin/proofmap scan').status).toBe(0);
    expect(sh(root, 'node_modules/.bin/proofmap hooks install --local').status).toBe(0);
    const hook = installedCommands(root, 'settings.local.json');
    expect(hook.pre).toMatch(/^NODE_EXTRA_CA_CERTS= exec \S+ \S*proofmap-gate\.cjs'? --claude$/);
    expect(event(root, hook.pre, 'PreToolUse', 's', 't1').decision).toBe('deny');
    expect(sh(root, 'node_modules/.bin/proofmap refs src/core.ts').status).toBe(0);
    expect(edit(root, hook, 's', 't2', 'export const core = 5;\n').decision).toBeUndefined();
    await new Promise((resolve) => setTimeout(resolve, 6_000));
    const old = event(root, hook.pre, 'PreToolUse', 's', 't3');
    expect(old.decision).toBe('deny');
    expect(old.out.permissionDecisionReason).toMatch(/Its consultation is too old/);
  });

  it('starts node without the extra CA file a proxy setup exports (read at every start), and still answers', () => {
    const root = fixture({ fanIn: 3, block: true });
    expect(sh(root, 'node_modules/.bin/proofmap scan').status).toBe(0);
    expect(sh(root, 'node_modules/.bin/proofmap hooks install --local').status).toBe(0);
    const hook = installedCommands(root, 'settings.local.json');
    // What the gate's node process sees, recorded by a preload that NODE_OPTIONS carries through sh.
    const probe = path.join(env.HOME, 'ca-probe.cjs');
    const seen = path.join(env.HOME, 'ca-seen.json');
    writeFileSync(
      probe,
      `require('fs').writeFileSync(${JSON.stringify(seen)}, JSON.stringify(process.env.NODE_EXTRA_CA_CERTS ?? null));\n`,
    );
    const payload = JSON.stringify({
      session_id: 'ca',
      cwd: root,
      hook_event_name: 'PreToolUse',
      tool_name: 'Edit',
      tool_input: { file_path: path.join(root, 'src/core.ts') },
    });
    const r = spawnSync('sh', ['-c', hook.pre], {
      cwd: root,
      env: {
        ...env,
        NODE_EXTRA_CA_CERTS: '/etc/ssl/certs/ca-certificates.crt',
        NODE_OPTIONS: `--require ${probe}`,
      },
      input: payload,
      encoding: 'utf8',
    });
    expect(r.status, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout).hookSpecificOutput.permissionDecision).toBe('deny');
    expect(JSON.parse(readFileSync(seen, 'utf8'))).toBe('');
  });
});
