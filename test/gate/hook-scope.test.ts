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
import { editScope, filesInScope, MAX_SCOPE_RULES, PROTECTED_RULES } from '../../src/gate/hook-scope.js';
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
  it("names the files directly in each file's folder (a root file itself), plus the protected folders", () => {
    const rules = editScope([
      'src/core/graph.ts',
      'src/core/ids.ts',
      'lib/x/y/z.ts',
      'index.ts',
      'src/x.ts',
    ])!;
    expect(rules).toEqual([
      'Edit(/.git/**)',
      'Edit(/.proofmap/**)',
      'Edit(/index.ts)',
      'Edit(/lib/x/y/*)',
      'Edit(/src/*)',
      'Edit(/src/core/*)',
    ]);
    for (const file of ['src/core/graph.ts', 'lib/x/y/z.ts', 'index.ts', '.proofmap/index.db'])
      expect(
        rules.some((r) => matches(r, file)),
        file,
      ).toBe(true);
    // A hub's subfolders are not its folder: src/x.ts being load-bearing does not put src/ui in.
    for (const file of ['lib/x/other.ts', 'src/ui/button.ts', 'src/core/deeper/z.ts'])
      expect(
        rules.some((r) => matches(r, file)),
        file,
      ).toBe(false);
  });

  it('coarsens to top-level folders past the limit, and refuses paths a rule cannot name', () => {
    const many = Array.from({ length: MAX_SCOPE_RULES + 1 }, (_, i) => `packages/p${i}/src/index.ts`);
    expect(editScope(many)).toEqual(['Edit(/packages/**)', ...PROTECTED_RULES].sort());
    expect(editScope(['src/a (copy).ts'])).toBeUndefined();
    expect(editScope(['src/*.ts'])).toBeUndefined();
  });

  it('merges, past the limit, where the fewest other files come into scope', () => {
    // Two hubs in pkg-a's core, one in its util; pkg-a/ui holds 50 plain files, pkg-b 3 with a hub.
    const hubs = ['pkg-a/core/x.ts', 'pkg-a/core/y.ts', 'pkg-a/util/u.ts', 'pkg-b/hub.ts'];
    const files = [
      ...hubs,
      ...Array.from({ length: 50 }, (_, i) => `pkg-a/ui/c${i}.ts`),
      'pkg-b/one.ts',
      'pkg-b/two.ts',
      'README.md',
    ];
    expect(editScope(hubs, files, 3)).toEqual(
      ['Edit(/pkg-a/core/*)', 'Edit(/pkg-a/util/*)', 'Edit(/pkg-b/*)', ...PROTECTED_RULES].sort(),
    );
    // Down to two rules: the only merge left joins pkg-a's two folders, taking in its 50 ui files.
    const two = editScope(hubs, files, 2)!;
    expect(two).toContain('Edit(/pkg-a/**)');
    expect(two.filter((r) => !PROTECTED_RULES.includes(r))).toHaveLength(2);
    for (const hub of hubs) expect(two.some((r) => matches(r, hub))).toBe(true);
    expect(filesInScope(two, files)).toBe(files.length - 1); // all but README.md
    // Three rules hold 6 files; the old scope (folders at depth ≤ 2) held all 56 but README.md.
    expect(filesInScope(editScope(hubs, files, 3)!, files)).toBe(2 + 1 + 3);
    // Only root files and too many of them: no safe scope, the gate runs on every edit.
    expect(editScope(['a.ts', 'b.ts', 'c.ts'], ['a.ts', 'b.ts', 'c.ts'], 2)).toBeUndefined();
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
    expect(r.stdout).toMatch(
      /gate scoped to 3 rule\(s\) covering 1 of \d+ files, the 1 load-bearing one\(s\) among them/,
    );
    const settings = JSON.parse(readFileSync(path.join(root, '.claude/settings.json'), 'utf8'));
    const pre = settings.hooks.PreToolUse[0].hooks as { if: string; command: string }[];
    expect(pre.map((h) => h.if)).toEqual(['Edit(/.git/**)', 'Edit(/.proofmap/**)', 'Edit(/src/core/*)']);
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
      'Edit(/src/core/*)',
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
