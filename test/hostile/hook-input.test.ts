/**
 * Issue 22 item 9: failClosed holds even when the hook's input does not parse, and `hooks
 * install` names every editing tool, keeps a symlinked settings file a symlink and keeps every
 * entry that was there.
 */
import { lstatSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli, gatedRepo, hookRaw } from './hook-harness.js';

describe('hostile item 9: malformed hook input and hooks install', () => {
  it('malformed stdin is denied under failClosed, read before the input parses, and passes (exit 1, one line) without it', () => {
    const closed = gatedRepo({ failClosed: true });
    expect(cli(closed, ['scan']).status).toBe(0);
    for (const input of ['{', '', 'null', '{"hook_event_name":']) {
      const r = hookRaw(closed, input);
      expect(r.status, input).toBe(0);
      expect(r.decision).toBe('deny');
      expect(r.reason).toMatch(
        /^proofmap gate could not decide \(.+\); gate\.failClosed is set, so the edit is blocked\.$/,
      );
    }
    const open = gatedRepo({ block: true });
    const r = hookRaw(open, '{');
    expect(r.status).toBe(1);
    expect(r.decision).toBeUndefined();
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr.trim()).toMatch(/the edit is not gated\.$/);
  });

  it('hooks install lists NotebookEdit, writes through a symlinked settings file and keeps other entries', () => {
    const root = gatedRepo();
    expect(cli(root, ['scan']).status).toBe(0);
    mkdirSync(path.join(root, '.claude'));
    mkdirSync(path.join(root, 'shared'));
    const theirs = {
      permissions: { allow: ['Bash(ls)'] },
      hooks: {
        PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: 'echo mine' }] }],
        Stop: [{ hooks: [{ type: 'command', command: 'echo stop' }] }],
      },
    };
    writeFileSync(path.join(root, 'shared/settings.json'), JSON.stringify(theirs, null, 2));
    symlinkSync('../shared/settings.json', path.join(root, '.claude/settings.local.json'));
    const r = cli(root, ['hooks', 'install', '--local']);
    expect(r.status, r.stderr).toBe(0);
    expect(lstatSync(path.join(root, '.claude/settings.local.json')).isSymbolicLink()).toBe(true);
    const after = JSON.parse(readFileSync(path.join(root, 'shared/settings.json'), 'utf8'));
    expect(after.permissions).toEqual(theirs.permissions);
    expect(after.hooks.Stop).toEqual(theirs.hooks.Stop);
    expect(after.hooks.PreToolUse[0]).toEqual(theirs.hooks.PreToolUse[0]);
    expect(after.hooks.PreToolUse[1].matcher).toBe('Write|Edit|MultiEdit|NotebookEdit');
    expect(after.hooks.PostToolUse[0].matcher).toBe('Write|Edit|MultiEdit|NotebookEdit');
  });
});
