/**
 * Hook scoping: `hooks install` writes one PreToolUse handler per folder holding a load-bearing
 * file, each with an `if` rule, so Claude Code starts no gate process for edits elsewhere. The
 * written JSON is checked, and the command is run as Claude Code runs it (sh -c, the payload on
 * stdin) for an edit the scope matches.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import picomatch from 'picomatch';
import { describe, expect, it } from 'vitest';
import { shellQuote } from '../../src/gate/hook-command.js';
import { editScope, MAX_SCOPE_FOLDERS, PROTECTED_RULES } from '../../src/gate/hook-scope.js';
import { installHooks, uninstallHooks } from '../../src/gate/hooks-settings.js';
import { scan } from '../../src/scan.js';
import { runCli } from '../helpers/cli.js';
import { tmpRepo } from '../helpers/tmp-repo.js';

const bin = path.resolve(new URL('../../bin/proofmap.js', import.meta.url).pathname);
const command = `${shellQuote(process.execPath)} ${shellQuote(bin)} gate --claude`;

/**
 * An `Edit(/…)` rule as Claude Code reads it for a project-relative path: `/` anchors at the
 * project root, the rest is a gitignore-style glob.
 */
const matches = (rule: string, rel: string) => {
  const glob = /^Edit\(\/(.*)\)$/.exec(rule)?.[1];
  return glob !== undefined && picomatch(glob, { dot: true })(rel);
};

describe('editScope', () => {
  it('names the folders (depth ≤ 2) holding the files, plus the protected folders, sorted', () => {
    const rules = editScope(['src/core/graph.ts', 'src/core/ids.ts', 'lib/x/y/z.ts', 'index.ts'])!;
    expect(rules).toEqual([
      'Edit(/.git/**)',
      'Edit(/.proofmap/**)',
      'Edit(/index.ts)',
      'Edit(/lib/x/**)',
      'Edit(/src/core/**)',
    ]);
    for (const file of ['src/core/graph.ts', 'lib/x/y/z.ts', 'index.ts', '.proofmap/index.db'])
      expect(
        rules.some((r) => matches(r, file)),
        file,
      ).toBe(true);
    expect(rules.some((r) => matches(r, 'src/ui/button.ts'))).toBe(false);
  });

  it('coarsens to top-level folders past the limit, and refuses paths a rule cannot name', () => {
    const many = Array.from({ length: MAX_SCOPE_FOLDERS + 1 }, (_, i) => `packages/p${i}/src/index.ts`);
    expect(editScope(many)).toEqual(['Edit(/packages/**)', ...PROTECTED_RULES].sort());
    expect(editScope(['src/a (copy).ts'])).toBeUndefined();
    expect(editScope(['src/*.ts'])).toBeUndefined();
  });

  it('installs one handler per rule and uninstalls back to the exact text', () => {
    const before = '{ "model": "opus" }\n';
    const rules = editScope(['src/core/a.ts'])!;
    const installed = installHooks(before, command, { PreToolUse: rules, PostToolUse: rules });
    const parsed = JSON.parse(installed.text);
    expect(parsed.hooks.PreToolUse[0].hooks).toEqual(
      rules.map((rule) => ({ type: 'command', if: rule, command, timeout: 10 })),
    );
    expect(installHooks(installed.text, command, { PreToolUse: rules, PostToolUse: rules }).changed).toBe(
      false,
    );
    // A new scope replaces the old entry in place; dropping the scope gates every edit again.
    const wider = editScope(['src/core/a.ts', 'lib/b/c.ts'])!;
    const rescoped = JSON.parse(installHooks(installed.text, command, { PreToolUse: wider }).text);
    expect(rescoped.hooks.PreToolUse).toHaveLength(1);
    expect(rescoped.hooks.PreToolUse[0].hooks.map((h: { if: string }) => h.if)).toEqual(wider);
    expect(rescoped.hooks.PostToolUse[0].hooks).toEqual([{ type: 'command', command, timeout: 10 }]);
    expect(uninstallHooks(installed.text).text).toBe(before);
  });
});

/** core.ts is imported by three files (guarded at fanIn 3) in src/core; lib/leaf.ts by nobody. */
function repo(gate: Record<string, unknown> = {}) {
  return tmpRepo(
    {
      'package.json': '{ "name": "scoped", "version": "1.0.0" }',
      'proofmap.config.json': JSON.stringify({ gate: { fanIn: 3, ...gate } }),
      'src/core/core.ts': 'export const core = 1;\n',
      'src/ui/a.ts': "import { core } from '../core/core.js';\nexport const a = core;\n",
      'src/ui/b.ts': "import { core } from '../core/core.js';\nexport const b = core;\n",
      'src/ui/c.ts': "import { core } from '../core/core.js';\nexport const c = core;\n",
      'lib/leaf.ts': 'export const leaf = 1;\n',
    },
    { keep: 'file' },
  );
}

const edit = (root: string, rel: string) =>
  JSON.stringify({
    session_id: 'scope-test',
    transcript_path: '/tmp/t.jsonl',
    cwd: root,
    permission_mode: 'default',
    hook_event_name: 'PreToolUse',
    tool_name: 'Edit',
    tool_input: { file_path: path.join(root, rel), old_string: '1', new_string: '2' },
    tool_use_id: 'toolu_scope_1',
  });

describe('proofmap hooks install, scoped by the last scan', () => {
  it('writes `if` rules covering the load-bearing folder only, and the written command gates there', async () => {
    const root = repo();
    await scan({ root });
    const r = await runCli(['hooks', 'install', root, '--command', command]);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/gate scoped to 3 folder rule\(s\) holding the 1 load-bearing file/);
    const settings = JSON.parse(readFileSync(path.join(root, '.claude/settings.json'), 'utf8'));
    const pre = settings.hooks.PreToolUse[0].hooks as { if: string; command: string }[];
    expect(pre.map((h) => h.if)).toEqual(['Edit(/.git/**)', 'Edit(/.proofmap/**)', 'Edit(/src/core/**)']);
    const rules = pre.map((h) => h.if);
    expect(rules.some((rule) => matches(rule, 'src/core/core.ts'))).toBe(true);
    // No process for the leaf or the importers: no rule matches them.
    for (const rel of ['lib/leaf.ts', 'src/ui/a.ts'])
      expect(
        rules.some((rule) => matches(rule, rel)),
        rel,
      ).toBe(false);
    // The handler Claude Code would start for src/core/core.ts, run the way it runs it.
    const run = spawnSync('sh', ['-c', pre[2]!.command], {
      cwd: root,
      input: edit(root, 'src/core/core.ts'),
      encoding: 'utf8',
    });
    expect(run.status, run.stderr).toBe(0);
    const answer = JSON.parse(run.stdout).hookSpecificOutput;
    expect(answer.additionalContext).toMatch(/src\/core\/core\.ts is load-bearing/);
    // The rename check after an edit runs where files have importers: src/core only.
    expect(settings.hooks.PostToolUse[0].hooks.map((h: { if: string }) => h.if)).toContain(
      'Edit(/src/core/**)',
    );
  }, 60_000);

  it('gates every edit with gate.failClosed, without a scan, or with --every-edit', async () => {
    const closed = repo({ failClosed: true });
    await scan({ root: closed });
    const a = await runCli(['hooks', 'install', closed, '--command', command, '--dry-run']);
    expect(a.stdout).toMatch(/gate on every edit: gate.failClosed is set/);
    expect(a.stdout).not.toMatch(/"if"/);
    const unscanned = repo();
    const b = await runCli(['hooks', 'install', unscanned, '--command', command, '--dry-run']);
    expect(b.stdout).toMatch(/gate on every edit: no scan yet/);
    const scanned = repo();
    await scan({ root: scanned });
    const c = await runCli(['hooks', 'install', scanned, '--command', command, '--dry-run', '--every-edit']);
    expect(c.stdout).toMatch(/gate on every edit \(--every-edit\)/);
    expect(c.stdout).not.toMatch(/"if"/);
  }, 60_000);
});
