import { lstatSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LAUNCH_PREFIX, shellQuote } from '../../src/gate/hook-command.js';
import { installHooks, uninstallHooks } from '../../src/gate/hooks-settings.js';
import { runCli } from '../helpers/cli.js';
import { tmpRepo } from '../helpers/tmp-repo.js';

const bin = path.resolve(new URL('../../bin/proofmap.js', import.meta.url).pathname);
/** The absolute-path command, as `hooks install --local` chooses it (fast to verify in tests). */
// What `hooks install --local` writes: the gate's own CommonJS entry beside bin/proofmap.js.
const gateBin = path.join(path.dirname(bin), 'proofmap-gate.cjs');
const command = `${LAUNCH_PREFIX}${shellQuote(process.execPath)} ${shellQuote(gateBin)} --claude`;

// Hand-formatted on purpose: four-space indent, an inline array, keys in a user's order.
const existing = `{
    "permissions": { "allow": ["Bash(npm test)"] },
    "hooks": {
        "PreToolUse": [
            { "matcher": "Bash", "hooks": [ { "type": "command", "command": "echo mine" } ] }
        ],
        "Stop": [{ "hooks": [{ "type": "command", "command": "say done" }] }]
    },
    "model": "opus"
}`;

/**
 * Lines of `before` that are not in `after` unchanged and in order; a line that only gained the
 * comma JSON needs before a new sibling counts as touched.
 */
function touchedLines(before: string, after: string): string[] {
  const rest = after.split('\n');
  const touched: string[] = [];
  let j = 0;
  for (const line of before.split('\n')) {
    let k = j;
    while (k < rest.length && rest[k] !== line && rest[k] !== `${line},`) k++;
    if (k === rest.length) return [`missing: ${line}`];
    if (rest[k] !== line) touched.push(line);
    j = k + 1;
  }
  return touched;
}

describe('hooks settings, edited as text', () => {
  it('adds one entry per event, keeps every other byte, and uninstall gives back the exact text', () => {
    const installed = installHooks(existing, 'npx --no-install proofmap gate --claude');
    expect(installed.changed).toBe(true);
    // Only the two lines that now precede a new sibling changed, and only by a comma.
    expect(touchedLines(existing, installed.text)).toEqual([
      '            { "matcher": "Bash", "hooks": [ { "type": "command", "command": "echo mine" } ] }',
      '        "Stop": [{ "hooks": [{ "type": "command", "command": "say done" }] }]',
    ]);
    const parsed = JSON.parse(installed.text);
    expect(parsed.hooks.PreToolUse).toEqual([
      { matcher: 'Bash', hooks: [{ type: 'command', command: 'echo mine' }] },
      {
        matcher: 'Write|Edit|MultiEdit|NotebookEdit',
        hooks: [{ type: 'command', command: 'npx --no-install proofmap gate --claude', timeout: 10 }],
      },
    ]);
    expect(parsed.hooks.PostToolUse[0].matcher).toBe('Write|Edit|MultiEdit|NotebookEdit');
    expect(parsed.hooks.Stop).toEqual([{ hooks: [{ type: 'command', command: 'say done' }] }]);
    expect(installHooks(installed.text, 'npx --no-install proofmap gate --claude').changed).toBe(false);
    expect(uninstallHooks(installed.text).text).toBe(existing);
  });

  it('upgrades an older install (bare command, no NotebookEdit) in place, never dropping other hooks', () => {
    const old = JSON.stringify(
      {
        hooks: {
          PreToolUse: [
            {
              matcher: 'Write|Edit|MultiEdit',
              hooks: [{ type: 'command', command: 'proofmap gate --claude' }],
            },
            { matcher: 'Bash', hooks: [{ type: 'command', command: 'echo mine' }] },
          ],
        },
      },
      null,
      2,
    );
    const next = JSON.parse(installHooks(old, command).text);
    expect(next.hooks.PreToolUse).toEqual([
      { matcher: 'Write|Edit|MultiEdit|NotebookEdit', hooks: [{ type: 'command', command, timeout: 10 }] },
      { matcher: 'Bash', hooks: [{ type: 'command', command: 'echo mine' }] },
    ]);
    expect(next.hooks.PostToolUse).toHaveLength(1);
    // Our hook inside someone else's entry: only our hook goes, their entry stays.
    const shared = JSON.stringify({
      hooks: {
        PostToolUse: [
          {
            matcher: 'Edit',
            hooks: [
              { type: 'command', command: 'prettier --write' },
              { type: 'command', command: command },
            ],
          },
        ],
      },
    });
    expect(JSON.parse(uninstallHooks(shared).text)).toEqual({
      hooks: {
        PostToolUse: [{ matcher: 'Edit', hooks: [{ type: 'command', command: 'prettier --write' }] }],
      },
    });
  });
});

describe('proofmap hooks install / uninstall', () => {
  it('verifies the command by running it, reports what answered, and writes the shared settings', async () => {
    const root = tmpRepo({ '.claude/settings.json': existing });
    const file = path.join(root, '.claude/settings.json');
    const dry = await runCli(['hooks', 'install', root, '--claude', '--dry-run', '--command', command]);
    expect(dry.exitCode).toBe(0);
    expect(dry.stdout).toMatch(
      /^proofmap: verified `.*gate(?:\.cjs)?'? --claude`: run with sh -c from .*, proofmap's gate answered/m,
    );
    expect(dry.stdout).toMatch(/^\+ .*"matcher": "Write\|Edit\|MultiEdit\|NotebookEdit"/m);
    expect(readFileSync(file, 'utf8')).toBe(existing);

    const r = await runCli(['hooks', 'install', root, '--command', command]);
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toMatch(/^proofmap: added the gate to .*\.claude\/settings\.json$/m);
    expect(JSON.parse(readFileSync(file, 'utf8')).hooks.PreToolUse[1].hooks[0].command).toBe(command);
    expect((await runCli(['hooks', 'install', root, '--command', command])).stdout).toMatch(
      /already has this gate; nothing to do/,
    );
    await runCli(['hooks', 'uninstall', root]);
    expect(readFileSync(file, 'utf8')).toBe(existing);
  });

  it('refuses a command that does not reach proofmap, and leaves the file as it was', async () => {
    const root = tmpRepo({ '.claude/settings.json': existing });
    const r = await runCli(['hooks', 'install', root, '--command', 'proofmap-not-installed gate --claude']);
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toMatch(/no gate command works .* did not answer as proofmap's gate \(exit 127/s);
    expect(readFileSync(path.join(root, '.claude/settings.json'), 'utf8')).toBe(existing);
  });

  it('--local writes settings.local.json with the absolute command, verified', async () => {
    const root = tmpRepo({ 'a.ts': '' });
    const r = await runCli(['hooks', 'install', root, '--local']);
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toMatch(/verified `.*proofmap-gate\.cjs --claude`/);
    const local = JSON.parse(readFileSync(path.join(root, '.claude/settings.local.json'), 'utf8'));
    expect(local.hooks.PreToolUse[0].hooks[0].command).toBe(command);
    expect(() => lstatSync(path.join(root, '.claude/settings.json'))).toThrow();
  });

  it('writes through a symlinked settings file, which stays a symlink', async () => {
    const root = tmpRepo({ 'dotfiles/claude-settings.json': '{ "model": "opus" }\n' });
    mkdirSync(path.join(root, '.claude'));
    const link = path.join(root, '.claude/settings.json');
    symlinkSync(path.join(root, 'dotfiles/claude-settings.json'), link);
    expect((await runCli(['hooks', 'install', root, '--command', command])).exitCode).toBe(0);
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
    const target = readFileSync(path.join(root, 'dotfiles/claude-settings.json'), 'utf8');
    expect(JSON.parse(target).hooks.PreToolUse).toHaveLength(1);
    await runCli(['hooks', 'uninstall', root]);
    expect(readFileSync(path.join(root, 'dotfiles/claude-settings.json'), 'utf8')).toBe(
      '{ "model": "opus" }\n',
    );
  });

  it('refuses to touch invalid JSON', async () => {
    const root = tmpRepo({ '.claude/settings.json': '{ broken' });
    const bad = await runCli(['hooks', 'install', root, '--command', command]);
    expect(bad.exitCode).toBe(2);
    expect(readFileSync(path.join(root, '.claude/settings.json'), 'utf8')).toBe('{ broken');
    writeFileSync(path.join(root, '.claude/settings.json'), '[]');
    expect((await runCli(['hooks', 'install', root, '--command', command])).exitCode).toBe(2);
  });
});
