/**
 * map_claims in-process over InMemoryTransport: the verdicts paginated with an honest total, the
 * self-audit beside them, the gate under strict, and bad input as a tool error. It needs no index.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client, InMemoryTransport } from '@modelcontextprotocol/client';
import { afterEach, describe, expect, it } from 'vitest';
import { runClaims } from '../../src/claims-run.js';
import { createServer, type ProofmapServer } from '../../src/mcp/server.js';
import { tmpRepo } from '../helpers/tmp-repo.js';
import type { Client as McpClient } from './fixture.js';
import { allPages, call } from './fixture.js';

let open: ProofmapServer | undefined;
const copies: string[] = [];
afterEach(async () => {
  await open?.close();
  open = undefined;
  for (const dir of copies.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

async function connectInMemory(root: string): Promise<McpClient> {
  open = createServer(root);
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await open.factory().connect(serverSide);
  const client = new Client({ name: 'proofmap-test', version: '0' });
  await client.connect(clientSide);
  return client as unknown as McpClient;
}

const driftFixture = () => {
  const dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'proofmap-mcp-claims-')));
  copies.push(dir);
  fs.cpSync(path.resolve(import.meta.dirname, '../fixtures/claims-drift'), dir, { recursive: true });
  return dir;
};

describe('map_check what=claims', () => {
  it('pages through every verdict of the report, with the self-audit beside them', async () => {
    const root = driftFixture();
    const expected = await runClaims({ root });
    if (expected.type !== 'investigation_report') throw new Error(expected.reason);
    const client = await connectInMemory(root);
    const first = await call(client, 'map_check', { what: 'claims', limit: 3 });
    expect(first.result.isError, first.text).toBeFalsy();
    expect(first.env).toMatchObject({
      query: 'check claims',
      report: 'investigation_report',
      passed: false,
      total: expected.verdicts.length,
      returned: 3,
      truncated: true,
      documents: ['README.md'],
      summary: expected.summary,
      confidence: expected.confidence,
      calibration: { detectors: expected.calibration.length, untrusted: [] },
      adversarial: { cases: expected.adversarial.length, failed: [] },
    });
    const all = await allPages(client, 'map_check', { what: 'claims', limit: 3 });
    expect(all.totals).toEqual([expected.verdicts.length]);
    expect(all.items).toEqual(expected.verdicts);
    expect(fs.existsSync(path.join(root, '.proofmap'))).toBe(false);
  });

  it('reads the named files; strict fails the gate on an unverified claim', async () => {
    const root = tmpRepo({
      'package.json': '{"name":"ok","scripts":{"build":"tsc"}}',
      'README.md': 'Run `npm run build`. Try `npx cowsay`.\n',
      'docs/only-build.md': 'Run `npm run build`.\n',
    });
    const client = await connectInMemory(fs.realpathSync(root));
    expect((await call(client, 'map_check', { what: 'claims' })).env).toMatchObject({
      passed: true,
      total: 2,
    });
    expect((await call(client, 'map_check', { what: 'claims', strict: true })).env).toMatchObject({
      query: 'check claims --strict',
      passed: false,
    });
    const named = await call(client, 'map_check', {
      what: 'claims',
      files: ['docs/only-build.md'],
      strict: true,
    });
    expect(named.env).toMatchObject({ documents: ['docs/only-build.md'], passed: true, total: 1 });
  });

  it('a file outside the repository is a tool error with a hint, and the server keeps serving', async () => {
    const client = await connectInMemory(fs.realpathSync(tmpRepo({ 'README.md': '# x\n' })));
    const bad = await call(client, 'map_check', { what: 'claims', files: ['../../etc/passwd'] });
    expect(bad.result.isError).toBe(true);
    expect(bad.text).toMatch(/outside the repository — /);
    expect((await call(client, 'map_check', { what: 'claims' })).result.isError).toBeFalsy();
  });

  it('caches the report by content: a repeat is cached, an edit runs the claims again', async () => {
    const root = fs.realpathSync(
      tmpRepo({
        'package.json': '{"name":"ok","scripts":{"build":"tsc"}}',
        'README.md': 'Run `npm run build`.\n',
      }),
    );
    const client = await connectInMemory(root);
    const first = await call(client, 'map_check', { what: 'claims' });
    expect(first.env).toMatchObject({ cached: false, passed: true });
    const again = await call(client, 'map_check', { what: 'claims' });
    expect(again.env).toMatchObject({ cached: true, passed: true, total: first.env.total });
    fs.writeFileSync(path.join(root, 'package.json'), '{"name":"ok","scripts":{"compile":"tsc"}}');
    const edited = await call(client, 'map_check', { what: 'claims' });
    expect(edited.env).toMatchObject({ cached: false, passed: false });
  });

  it('a root that cannot be opened gives the blocked report, not an error', async () => {
    const client = await connectInMemory('/no/such/dir');
    const r = await call(client, 'map_check', { what: 'claims' });
    expect(r.env).toMatchObject({
      report: 'blocked_execution_report',
      missing: 'repository',
      passed: false,
      total: 0,
    });
  });
});
