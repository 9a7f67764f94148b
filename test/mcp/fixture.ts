/**
 * The MCP tests' world: the built CLI (rebuilt only when src/ is newer than dist/, so `npm test`,
 * which builds first, pays nothing), a scanned git copy of the import-forms fixture, and an SDK
 * client talking to `node bin/proofmap.js serve` over stdio.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client as ModernClient } from '@modelcontextprotocol/client';
import { StdioClientTransport as ModernStdio } from '@modelcontextprotocol/client/stdio';
import { Client as LegacyClient } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport as LegacyStdio } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { Envelope } from '../../src/model/envelope.js';
import { scan } from '../../src/scan.js';

const REPO = path.resolve(import.meta.dirname, '../..');
const FIXTURE = path.join(REPO, 'test/fixtures/import-forms');

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile())
      newest = Math.max(newest, fs.statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
  }
  return newest;
}

export function ensureBuilt(): void {
  const built = path.join(REPO, 'dist/mcp/server.js');
  const fresh = () =>
    fs.existsSync(built) && fs.statSync(built).mtimeMs >= newestMtime(path.join(REPO, 'src'));
  if (fresh()) return;
  // Only tsc: the validator and viewer bundles in dist/ do not depend on src/mcp. tsc exits 2 on
  // a type error anywhere but still emits; what matters here is that dist/ was written.
  try {
    execFileSync(
      process.execPath,
      [path.join(REPO, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.build.json'],
      {
        cwd: REPO,
        stdio: 'ignore',
      },
    );
  } catch (error) {
    if (!fs.existsSync(built)) throw error;
  }
}

/** A scanned, committed copy of the fixture; a git repository so that map_changes has a base. */
export async function scannedRepo(): Promise<string> {
  const root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'proofmap-mcp-')));
  fs.cpSync(FIXTURE, root, { recursive: true });
  const git = (...args: string[]) =>
    execFileSync(
      'git',
      ['-c', 'user.name=t', '-c', 'user.email=t@t', '-c', 'commit.gpgsign=false', ...args],
      {
        cwd: root,
        stdio: 'ignore',
      },
    );
  git('init', '-q');
  fs.writeFileSync(path.join(root, '.gitignore'), '.proofmap/\n');
  git('add', '.');
  git('commit', '-qm', 'fixture');
  await scan({ root });
  return root;
}

/** What the tests use of a client, the same in both SDKs. */
export interface Client {
  listTools(params?: Record<string, unknown>): Promise<{ tools: ListedTool[] } & Record<string, unknown>>;
  callTool(params: { name: string; arguments?: Record<string, unknown> }): Promise<unknown>;
  close(): Promise<void>;
}

export interface ListedTool {
  name: string;
  title?: string;
  description?: string;
  inputSchema: { properties?: Record<string, unknown>; required?: string[] };
  outputSchema?: Record<string, unknown>;
  annotations?: Record<string, unknown>;
}

export type Era = 'modern' | 'legacy';
export const MODERN = '2026-07-28';

export async function connect(root: string, extra: string[] = [], era: Era = 'modern'): Promise<Client> {
  const spawn = {
    command: process.execPath,
    args: [path.join(REPO, 'bin/proofmap.js'), 'serve', root, ...extra],
    cwd: root,
    stderr: 'pipe' as const,
    env: { ...(process.env as Record<string, string>), NO_COLOR: '1' },
  };
  if (era === 'legacy') {
    const client = new LegacyClient({ name: 'proofmap-test', version: '0' });
    await client.connect(new LegacyStdio(spawn));
    return client as unknown as Client;
  }
  const client = new ModernClient(
    { name: 'proofmap-test', version: '0' },
    { versionNegotiation: { mode: { pin: MODERN } } },
  );
  await client.connect(new ModernStdio(spawn));
  return client as unknown as Client;
}

export interface Called {
  result: CallToolResult;
  env: Envelope<Record<string, unknown>> & Record<string, unknown>;
  text: string;
}

export async function call(
  client: Client,
  name: string,
  args: Record<string, unknown> = {},
): Promise<Called> {
  const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
  const first = result.content[0];
  const text = first?.type === 'text' ? first.text : '';
  return { result, env: result.structuredContent as Called['env'], text };
}

/** Follows next_cursor to the last page; every item and every total seen on the way. */
export async function allPages(client: Client, name: string, args: Record<string, unknown>) {
  const items: unknown[] = [];
  const totals = new Set<number>();
  let cursor: string | undefined;
  let pages = 0;
  do {
    const { result, env } = await call(client, name, { ...args, ...(cursor ? { cursor } : {}) });
    if (result.isError) throw new Error(JSON.stringify(result.content));
    items.push(...env.items);
    totals.add(env.total);
    cursor = env.next_cursor;
    pages++;
  } while (cursor && pages < 1000);
  return { items, totals: [...totals], pages };
}
