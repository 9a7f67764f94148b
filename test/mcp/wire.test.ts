/**
 * The 2026-07-28 wire as it is, without an SDK client in between: newline-delimited JSON-RPC
 * to `proofmap serve` over stdio. server/discover with no handshake, the version in `_meta`,
 * `resultType` on every result, cache hints on the list results, and the 2025 handshake still
 * answered on a fresh connection.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt, MODERN, scannedRepo } from './fixture.js';

const BIN = path.resolve(import.meta.dirname, '../../bin/proofmap.js');
const META = {
  'io.modelcontextprotocol/protocolVersion': MODERN,
  'io.modelcontextprotocol/clientCapabilities': {},
};

/** One server process; `ask` sends a request and resolves with the response of the same id. */
function wire(root: string) {
  const child: ChildProcess = spawn(process.execPath, [BIN, 'serve', root], {
    stdio: ['pipe', 'pipe', 'ignore'],
  });
  const waiting = new Map<number, (m: Record<string, unknown>) => void>();
  let buffer = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    buffer += chunk.toString('utf8');
    for (let nl = buffer.indexOf('\n'); nl >= 0; nl = buffer.indexOf('\n')) {
      const message = JSON.parse(buffer.slice(0, nl)) as { id?: number };
      buffer = buffer.slice(nl + 1);
      if (typeof message.id === 'number') waiting.get(message.id)?.(message as Record<string, unknown>);
    }
  });
  let id = 0;
  return {
    ask(method: string, params: Record<string, unknown>) {
      const at = ++id;
      return new Promise<Record<string, unknown>>((resolve) => {
        waiting.set(at, resolve);
        child.stdin!.write(`${JSON.stringify({ jsonrpc: '2.0', id: at, method, params })}\n`);
      });
    },
    close: () => child.kill(),
  };
}

let root: string;
beforeAll(async () => {
  ensureBuilt();
  root = await scannedRepo();
}, 180_000);
afterAll(() => {
  if (root) fs.rmSync(root, { recursive: true, force: true });
});

describe('the stateless 2026-07-28 wire', () => {
  it('server/discover, tools/list and tools/call with no handshake, each result typed and cacheable where listed', async () => {
    const w = wire(root);
    try {
      const discover = (await w.ask('server/discover', { _meta: META })).result as Record<string, unknown>;
      expect(discover).toMatchObject({ resultType: 'complete', cacheScope: 'public' });
      expect(discover.supportedVersions).toContain(MODERN);
      expect(discover.ttlMs).toBeGreaterThan(0);
      expect((discover.instructions as string).slice(0, 500)).toMatch(/map_context BEFORE editing/);
      expect(Buffer.byteLength(discover.instructions as string)).toBeLessThanOrEqual(2048);

      const list = (await w.ask('tools/list', { _meta: META })).result as Record<string, unknown>;
      expect(list).toMatchObject({ resultType: 'complete', cacheScope: 'public' });
      const names = (list.tools as { name: string }[]).map((t) => t.name);
      expect(names).toEqual([...names].sort());
      const again = (await w.ask('tools/list', { _meta: META })).result;
      expect(again).toEqual(list);

      const call = (
        await w.ask('tools/call', { name: 'map_search', arguments: { text: 'named' }, _meta: META })
      ).result as Record<string, unknown>;
      expect(call).toMatchObject({ resultType: 'complete' });
      expect((call.structuredContent as { total: number }).total).toBeGreaterThan(0);
      // A validation failure is a tool result with isError, not a protocol error.
      const bad = await w.ask('tools/call', { name: 'map_search', arguments: { text: 7 }, _meta: META });
      expect(bad.error).toBeUndefined();
      expect(bad.result).toMatchObject({ isError: true });
    } finally {
      w.close();
    }
  });

  it('a 2025 client on a fresh connection gets the initialize handshake', async () => {
    const w = wire(root);
    try {
      const init = (await w.ask('initialize', {
        protocolVersion: '2025-11-25',
        capabilities: {},
        clientInfo: { name: 'old', version: '0' },
      })) as { result: { protocolVersion: string; serverInfo: { name: string } } };
      expect(init.result.protocolVersion).toBe('2025-11-25');
      expect(init.result.serverInfo.name).toBe('proofmap');
      const list = (await w.ask('tools/list', {})).result as { tools: unknown[]; resultType?: string };
      expect(list.tools.length).toBeGreaterThan(0);
      expect(list.resultType).toBeUndefined();
    } finally {
      w.close();
    }
  });
});
