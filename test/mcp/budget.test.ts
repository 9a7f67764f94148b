/**
 * Token budgets on a real repository: proofmap's own (src, docs, README, manifests), copied and
 * scanned. Every tool, for the inputs an agent would give, answers within `max_tokens` — the
 * default and a tight one — and the exact total does not depend on the budget. (The same check
 * on the generated 7k-file repository is in bench/mcp.js.)
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client, InMemoryTransport } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type ProofmapServer } from '../../src/mcp/server.js';
import { scan } from '../../src/scan.js';
import type { Client as McpClient } from './fixture.js';
import { call } from './fixture.js';

const REPO = path.resolve(import.meta.dirname, '../..');
let root: string;
let open: ProofmapServer;
let client: McpClient;

beforeAll(async () => {
  root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'proofmap-budget-')));
  for (const entry of ['src', 'docs', 'README.md', 'package.json', 'tsconfig.json', 'proofmap.config.json'])
    if (fs.existsSync(path.join(REPO, entry)))
      fs.cpSync(path.join(REPO, entry), path.join(root, entry), { recursive: true });
  await scan({ root });
  open = createServer(root);
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await open.factory().connect(serverSide);
  const c = new Client({ name: 'proofmap-test', version: '0' });
  await c.connect(clientSide);
  client = c as unknown as McpClient;
}, 180_000);

afterAll(async () => {
  await open?.close();
  if (root) fs.rmSync(root, { recursive: true, force: true });
});

const CASES: [string, Record<string, unknown>][] = [
  ['map_repo', {}],
  ['map_repo', { focus: ['src/mcp/server.ts'] }],
  ['map_context', { target: 'src/model/envelope.ts' }],
  ['map_context', { target: 'src' }],
  ['map_impact', { target: 'src/model/errors.ts' }],
  ['map_impact', { target: 'src/model/paths.ts', importers: true }],
  ['map_impact', { target: 'InputError' }],
  ['map_search', { text: 'resolve' }],
  ['map_path', { from: 'src/cli/main.ts', to: 'src/model/envelope.ts' }],
  ['map_check', { what: 'structure' }],
  ['map_check', { what: 'cycles' }],
  // The claims answer carries lists beside its page (the documents read): those are cut too.
  ['map_check', { what: 'claims' }],
  ['map_areas', {}],
];

describe('answers fit the budget on proofmap itself', () => {
  it.each(CASES)('%s %j', { timeout: 60_000 }, async (name, args) => {
    const totals = new Set<number>();
    for (const max_tokens of [1500, 400]) {
      const { result, env, text } = await call(client, name, { ...args, max_tokens });
      expect(result.isError, text).toBeFalsy();
      expect(Math.ceil(text.length / 4), `${name} at ${max_tokens}`).toBeLessThanOrEqual(max_tokens);
      expect((env.budget as { tokens: number }).tokens).toBe(Math.ceil(text.length / 4));
      totals.add(env.total);
      if (env.returned < env.total) expect(env.next_cursor ?? env.truncated).toBeTruthy();
    }
    expect(totals.size).toBe(1);
  });
});
