/**
 * `proofmap init --agent`: each agent's files merged with what is there, twice is a no-op,
 * --dry-run writes nothing, a file that cannot be merged is exit 2 and left alone.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { mergeCodexToml, mergeNotes, NOTES_BEGIN } from '../../src/gate/agent-config.js';
import { runCli } from '../helpers/cli.js';
import { tmpRepo } from '../helpers/tmp-repo.js';

const read = (root: string, rel: string) => fs.readFileSync(path.join(root, rel), 'utf8');

describe('proofmap init --agent', () => {
  it('claude: adds proofmap beside the servers already in .mcp.json, the gate hook and a CLAUDE.md section', async () => {
    const root = tmpRepo({
      '.mcp.json': '{"mcpServers":{"other":{"command":"x"}}}\n',
      'CLAUDE.md': '# House rules\n\nBe kind.\n',
    });
    const r = await runCli(['init', '--agent', 'claude', root]);
    expect(r.exitCode, r.stderr).toBe(0);
    const mcp = JSON.parse(read(root, '.mcp.json'));
    expect(mcp.mcpServers.other).toEqual({ command: 'x' });
    expect(mcp.mcpServers.proofmap.args).toContain('serve');
    expect(read(root, 'CLAUDE.md')).toMatch(/^# House rules\n\nBe kind\.\n\n<!-- proofmap:begin/);
    expect(read(root, 'CLAUDE.md')).toContain('map_context');
    expect(read(root, '.claude/settings.json')).toContain('gate --claude');
    const snapshot = ['.mcp.json', 'CLAUDE.md', '.claude/settings.json'].map((f) => read(root, f));
    const again = await runCli(['init', '--agent', 'claude', root]);
    expect(again.exitCode).toBe(0);
    expect(['.mcp.json', 'CLAUDE.md', '.claude/settings.json'].map((f) => read(root, f))).toEqual(snapshot);
  }, 30_000);

  it('--dry-run prints the diff and writes nothing', async () => {
    const root = tmpRepo({ 'README.md': '# x\n' });
    const r = await runCli(['init', '--agent', 'cursor', root, '--dry-run']);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stdout).toContain('+++ .cursor/mcp.json');
    expect(r.stdout).toContain('+ <!-- proofmap:begin');
    expect(fs.existsSync(path.join(root, '.cursor'))).toBe(false);
    expect(fs.existsSync(path.join(root, 'AGENTS.md'))).toBe(false);
  });

  it('codex: a [mcp_servers.proofmap] table in .codex/config.toml, other tables kept', async () => {
    const root = tmpRepo({ '.codex/config.toml': 'model = "o9"\n\n[mcp_servers.docs]\ncommand = "docs"\n' });
    const r = await runCli(['init', '--agent', 'codex', root]);
    expect(r.exitCode, r.stderr).toBe(0);
    const toml = read(root, '.codex/config.toml');
    expect(toml.startsWith('model = "o9"\n\n[mcp_servers.docs]\ncommand = "docs"\n')).toBe(true);
    expect(toml).toMatch(/\[mcp_servers\.proofmap\]\ncommand = ".+"\nargs = \[.*"serve"/);
    expect(read(root, 'AGENTS.md')).toContain(NOTES_BEGIN);
  });

  it('an unknown agent and an unmergeable file are exit 2, the file untouched', async () => {
    const root = tmpRepo({ '.mcp.json': '{ not json' });
    expect((await runCli(['init', '--agent', 'vim', root])).exitCode).toBe(2);
    const bad = await runCli(['init', '--agent', 'claude', root]);
    expect(bad.exitCode).toBe(2);
    expect(bad.stderr).toContain('.mcp.json cannot be merged');
    expect(read(root, '.mcp.json')).toBe('{ not json');
  });
});

describe('agent file edits', () => {
  it('replace their own block in place and keep the rest byte for byte', () => {
    const toml =
      'a = 1\n[mcp_servers.proofmap]\ncommand = "old"\n[mcp_servers.proofmap.env]\nX = "1"\n[other]\nb = 2\n';
    const merged = mergeCodexToml(toml, { command: 'new', args: ['serve'] });
    expect(merged).toBe(
      'a = 1\n[mcp_servers.proofmap]\ncommand = "new"\nargs = ["serve"]\n[mcp_servers.proofmap.env]\nX = "1"\n[other]\nb = 2\n',
    );
    const notes = mergeNotes('# T\n');
    const edited = notes.replace('Prefer it to grepping', 'OLD TEXT');
    expect(mergeNotes(`${edited}after\n`)).toBe(`${notes}after\n`);
  });
});
