/**
 * The `mcp_tool` edit gate as Claude Code runs it: `proofmap init --agent claude --hook-transport
 * mcp` (the built CLI) writes .mcp.json and the hook; the test starts the server that .mcp.json
 * declares with a real MCP client of each era, fills the handler's `input` from a hook event the
 * way Claude Code does (`${path}` from the event's JSON, a missing field empty), calls the tool
 * the handler names and reads its text as the hook's answer. That answer must be the one the
 * command hook (`proofmap gate --claude`) gives for the same event: same verdicts, same markers.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client as ModernClient } from '@modelcontextprotocol/client';
import { StdioClientTransport as ModernStdio } from '@modelcontextprotocol/client/stdio';
import { Client as LegacyClient } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport as LegacyStdio } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { scan } from '../../src/scan.js';
import { tmpRepo } from '../helpers/tmp-repo.js';
import { type Client, type Era, ensureBuilt, MODERN } from './fixture.js';

const REPO = path.resolve(import.meta.dirname, '../..');
const BIN = path.join(REPO, 'bin/proofmap.js');
const env = {
  ...(process.env as Record<string, string>),
  NO_COLOR: '1',
  PROOFMAP_STATE_DIR: mkdtempSync(path.join(os.tmpdir(), 'proofmap-state-')),
};
// The in-process scan seals the gate's rows with the key the server and the hook process read.
process.env.PROOFMAP_STATE_DIR = env.PROOFMAP_STATE_DIR;

interface McpHandler {
  type: string;
  if?: string;
  server: string;
  tool: string;
  input: Record<string, string>;
}

async function project(gate: Record<string, unknown>) {
  const root = realpathSync(
    tmpRepo({
      'proofmap.config.json': JSON.stringify({ gate: { fanIn: 2, ...gate } }),
      'src/core.ts': 'export const core = 1;\n',
      'src/a.ts': "import { core } from './core.js';\nexport const a = core;\n",
      'src/b.ts': "import { core } from './core.js';\nexport const b = core;\n",
      'docs/readme.md': '# notes\n',
    }),
  );
  await scan({ root });
  const init = spawnSync(
    process.execPath,
    [BIN, 'init', '--agent', 'claude', root, '--hook-transport', 'mcp'],
    {
      env,
      encoding: 'utf8',
    },
  );
  expect(init.status, init.stderr).toBe(0);
  const settings = JSON.parse(readFileSync(path.join(root, '.claude/settings.json'), 'utf8'));
  const mcp = JSON.parse(readFileSync(path.join(root, '.mcp.json'), 'utf8'));
  return { root, settings, mcp, out: init.stdout };
}

/** Claude Code's substitution: `${a.b}` from the event's JSON; a path the event lacks is empty. */
function substitute(input: Record<string, string>, event: Record<string, unknown>) {
  const at = (p: string) =>
    p.split('.').reduce<unknown>((v, k) => (v as Record<string, unknown> | undefined)?.[k], event);
  return Object.fromEntries(
    Object.entries(input).map(([k, v]) => [
      k,
      v.replace(/\$\{([^}]+)\}/g, (_, p: string) => {
        const found = at(p);
        return typeof found === 'string' ? found : '';
      }),
    ]),
  );
}

async function connectDeclared(
  mcp: { mcpServers: Record<string, { command: string; args: string[] }> },
  server: string,
  root: string,
  era: Era,
): Promise<Client> {
  const entry = mcp.mcpServers[server]!;
  const spawn = { command: entry.command, args: entry.args, cwd: root, env, stderr: 'pipe' as const };
  if (era === 'legacy') {
    const client = new LegacyClient({ name: 'claude-code-stand-in', version: '0' });
    await client.connect(new LegacyStdio(spawn));
    return client as unknown as Client;
  }
  const client = new ModernClient(
    { name: 'claude-code-stand-in', version: '0' },
    { versionNegotiation: { mode: { pin: MODERN } } },
  );
  await client.connect(new ModernStdio(spawn));
  return client as unknown as Client;
}

const event = (root: string, name: 'PreToolUse' | 'PostToolUse', session: string, file = 'src/core.ts') => ({
  session_id: session,
  transcript_path: '/tmp/t.jsonl',
  cwd: root,
  permission_mode: 'default',
  hook_event_name: name,
  tool_name: 'Edit',
  tool_input: { file_path: path.join(root, file), old_string: 'a', new_string: 'b' },
  tool_use_id: `toolu_${session}`,
});

/** The command hook's answer to the same event: stdout as Claude Code reads it. */
function commandHook(root: string, e: Record<string, unknown>) {
  const r = spawnSync(process.execPath, [BIN, 'gate', '--claude'], {
    input: JSON.stringify(e),
    cwd: root,
    env: { ...env, CLAUDE_PROJECT_DIR: root },
    encoding: 'utf8',
  });
  return { status: r.status, stdout: r.stdout.trim() };
}

const clients: Client[] = [];
afterEach(async () => {
  for (const c of clients.splice(0)) await c.close();
});

beforeAll(() => ensureBuilt(), 180_000);

describe.each<Era>(['modern', 'legacy'])('the mcp_tool gate hook, %s client', (era) => {
  const ajv = new Ajv2020({ strict: false, allErrors: true });

  it('init writes an mcp_tool handler for the declared server, scoped, in both events', async () => {
    const { settings, mcp, out } = await project({});
    expect(Object.keys(mcp.mcpServers)).toContain('proofmap');
    for (const ev of ['PreToolUse', 'PostToolUse']) {
      const handlers = settings.hooks[ev][0].hooks as McpHandler[];
      expect(handlers.length).toBeGreaterThan(0);
      for (const h of handlers) {
        expect(h).toMatchObject({ type: 'mcp_tool', server: 'proofmap', tool: 'map_gate' });
        expect(h.input.file_path).toMatch(/^\$\{tool_input\.file_path\}$/);
      }
      expect(handlers.map((h) => h.if)).toContain('Edit(/src/*)');
    }
    expect(out).toMatch(/calls map_gate on the "proofmap" MCP server/);
  });

  it('answers as the command hook does: warn, then pass once consulted; valid against its outputSchema', async () => {
    const { root, settings, mcp } = await project({});
    const handler = settings.hooks.PreToolUse[0].hooks[0] as McpHandler;
    const client = await connectDeclared(mcp, handler.server, root, era);
    clients.push(client);
    const listed = (await client.listTools()).tools.find((t) => t.name === handler.tool)!;
    expect(listed.annotations).toMatchObject({ readOnlyHint: false, openWorldHint: false });
    const validate = ajv.compile(listed.outputSchema!);
    const viaMcp = async (e: Record<string, unknown>) =>
      (await client.callTool({
        name: handler.tool,
        arguments: substitute(handler.input, e),
      })) as CallToolResult;

    const warned = await viaMcp(event(root, 'PreToolUse', 'mcp-1'));
    expect(warned.isError).toBeFalsy();
    expect(validate(warned.structuredContent), JSON.stringify(validate.errors)).toBe(true);
    const text = warned.content[0]?.type === 'text' ? warned.content[0].text : '';
    expect(JSON.parse(text).hookSpecificOutput.additionalContext).toMatch(/src\/core\.ts is load-bearing/);
    expect(warned.structuredContent).toMatchObject({ verdict: 'warn' });
    // The same event on an identical project, through the command hook: the same answer, byte
    // for byte (a second project, because the first answer recorded its warning in this one).
    const twin = await project({});
    const command = commandHook(twin.root, event(twin.root, 'PreToolUse', 'mcp-1'));
    expect(command.status).toBe(0);
    expect(text).toBe(command.stdout);

    // Consulted through the same server: the gate lets the edit pass silently.
    await client.callTool({ name: 'map_context', arguments: { target: 'src/core.ts' } });
    const passed = await viaMcp(event(root, 'PreToolUse', 'mcp-2'));
    expect(passed.isError).toBeFalsy();
    expect(passed.content).toEqual([]);
    expect(passed.structuredContent).toEqual({ verdict: 'pass' });

    // PostToolUse after an edit that removed a still-imported export: the rename check answers.
    writeFileSync(path.join(root, 'src/core.ts'), 'export const kernel = 1;\n');
    const post = await viaMcp(event(root, 'PostToolUse', 'mcp-2'));
    const postText = post.content[0]?.type === 'text' ? post.content[0].text : '';
    expect(JSON.parse(postText).hookSpecificOutput).toMatchObject({ hookEventName: 'PostToolUse' });
    expect(postText).toMatch(/no longer exports `core`/);
  });

  it('denies under gate.block, with the reason the model reads; an unguarded file passes', async () => {
    const { root, settings, mcp } = await project({ block: true });
    const handler = settings.hooks.PreToolUse[0].hooks[0] as McpHandler;
    const client = await connectDeclared(mcp, handler.server, root, era);
    clients.push(client);
    const call = async (e: Record<string, unknown>) =>
      (await client.callTool({
        name: handler.tool,
        arguments: substitute(handler.input, e),
      })) as CallToolResult;
    const denied = await call(event(root, 'PreToolUse', 'mcp-deny'));
    const text = denied.content[0]?.type === 'text' ? denied.content[0].text : '';
    expect(JSON.parse(text).hookSpecificOutput).toMatchObject({
      hookEventName: 'PreToolUse',
      permissionDecision: 'deny',
    });
    expect(denied.structuredContent).toMatchObject({ verdict: 'deny' });
    const twin = await project({ block: true });
    expect(text).toBe(commandHook(twin.root, event(twin.root, 'PreToolUse', 'mcp-deny')).stdout);
    const leaf = await call(event(root, 'PreToolUse', 'mcp-leaf', 'src/a.ts'));
    expect(leaf.structuredContent).toEqual({ verdict: 'pass' });
    // A placeholder Claude Code left unfilled is no path: nothing to gate, never a crash.
    const empty = (await client.callTool({
      name: handler.tool,
      arguments: { ...handler.input, hook_event_name: 'PreToolUse', tool_name: 'Edit' },
    })) as CallToolResult;
    expect(empty.isError).toBeFalsy();
    expect(empty.structuredContent).toEqual({ verdict: 'pass' });
  });
});

describe('hooks install --hook-transport mcp', () => {
  it('refuses when no MCP server of that name is declared, and writes nothing', () => {
    const root = tmpRepo({ 'src/a.ts': 'export const a = 1;\n' });
    const r = spawnSync(process.execPath, [BIN, 'hooks', 'install', root, '--hook-transport', 'mcp'], {
      env,
      encoding: 'utf8',
    });
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/declares no MCP server "proofmap"/);
    expect(() => readFileSync(path.join(root, '.claude/settings.json'))).toThrow();
  });

  it('switching transports replaces the handler; uninstall removes it', () => {
    const root = tmpRepo({
      'src/a.ts': 'export const a = 1;\n',
      '.mcp.json': '{"mcpServers":{"pm":{"command":"x","args":[]}}}',
    });
    execFileSync(
      process.execPath,
      [BIN, 'hooks', 'install', root, '--hook-transport', 'mcp', '--server', 'pm'],
      { env },
    );
    const read = () => JSON.parse(readFileSync(path.join(root, '.claude/settings.json'), 'utf8'));
    expect(read().hooks.PreToolUse[0].hooks).toEqual([
      expect.objectContaining({ type: 'mcp_tool', server: 'pm', tool: 'map_gate' }),
    ]);
    execFileSync(
      process.execPath,
      [BIN, 'hooks', 'install', root, '--command', `${process.execPath} ${BIN} gate --claude`],
      { env },
    );
    expect(read().hooks.PreToolUse).toHaveLength(1);
    expect(read().hooks.PreToolUse[0].hooks[0]).toMatchObject({ type: 'command' });
    execFileSync(
      process.execPath,
      [BIN, 'hooks', 'install', root, '--hook-transport', 'mcp', '--server', 'pm'],
      { env },
    );
    expect(read().hooks.PreToolUse[0].hooks[0]).toMatchObject({ type: 'mcp_tool' });
    execFileSync(process.execPath, [BIN, 'hooks', 'uninstall', root], { env });
    expect(read()).toEqual({});
  });
});
