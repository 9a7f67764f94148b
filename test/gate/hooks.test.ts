import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { tmpRepo } from '../helpers/tmp-repo.js';

const existing = {
  permissions: { allow: ['Bash(npm test)'] },
  hooks: {
    PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: 'echo mine' }] }],
    Stop: [{ hooks: [{ type: 'command', command: 'say done' }] }],
  },
  model: 'opus',
};

describe('proofmap hooks install / uninstall', () => {
  it('merges into existing settings, is idempotent, and uninstall restores exactly what was there', async () => {
    const root = tmpRepo({});
    mkdirSync(path.join(root, '.claude'));
    const file = path.join(root, '.claude/settings.json');
    const original = `${JSON.stringify(existing, null, 2)}\n`;
    writeFileSync(file, original);

    const dry = await runCli(['hooks', 'install', root, '--claude', '--dry-run']);
    expect(dry.stdout).toMatch(/^\+ .*"command": "proofmap gate --claude"/m);
    expect(readFileSync(file, 'utf8')).toBe(original);

    expect((await runCli(['hooks', 'install', root, '--claude'])).exitCode).toBe(0);
    const installed = JSON.parse(readFileSync(file, 'utf8'));
    expect(installed.permissions).toEqual(existing.permissions);
    expect(installed.model).toBe('opus');
    expect(installed.hooks.Stop).toEqual(existing.hooks.Stop);
    expect(installed.hooks.PreToolUse).toEqual([
      existing.hooks.PreToolUse[0],
      {
        matcher: 'Write|Edit|MultiEdit',
        hooks: [{ type: 'command', command: 'proofmap gate --claude', timeout: 10 }],
      },
    ]);
    expect(installed.hooks.PostToolUse).toHaveLength(1);

    const twice = await runCli(['hooks', 'install', root]);
    expect(twice.stdout).toMatch(/already has proofmap hooks/);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual(installed);

    await runCli(['hooks', 'uninstall', root]);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual(existing);
  });

  it('creates the settings file when there is none, and refuses to touch invalid JSON', async () => {
    const root = tmpRepo({ '.claude/settings.json': '{ broken' });
    const bad = await runCli(['hooks', 'install', root]);
    expect(bad.exitCode).toBe(2);
    expect(readFileSync(path.join(root, '.claude/settings.json'), 'utf8')).toBe('{ broken');
    const empty = tmpRepo({ 'a.ts': '' });
    await runCli(['hooks', 'install', empty]);
    expect(existsSync(path.join(empty, '.claude/settings.json'))).toBe(true);
  });
});
