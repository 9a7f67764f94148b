/**
 * The roles the README documents, created by running its SQL block as written: a writer that
 * publishes and a reader with only SELECT. Through the reader every query command and `serve`
 * answer (the built CLI, a real MCP client over stdio); publishing through it fails with one
 * line and exit 2. A password in the connection string is never echoed — not in answers,
 * errors or the server's log — and never lands in map.json or index.db.
 */
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import postgres from 'postgres';
import { beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase, skipPg } from '../helpers/pg.js';
import { REPOS, scannedRepo } from './repos.js';

const BIN = path.resolve('bin/proofmap.js');
const SECRET = 'pw-Zq81-never-echo';

function runBin(argv: string[], env: Record<string, string> = {}) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, [BIN, ...argv], {
      env: { ...process.env, NO_COLOR: '1', PROOFMAP_DB: '', ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (b) => (stdout += b));
    child.stderr.on('data', (b) => (stderr += b));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** The README's grants block, exactly as a user would copy it. */
function documentedGrants(): string {
  const readme = readFileSync(path.resolve('README.md'), 'utf8');
  const block = /<!-- proofmap:grants -->\s*```sql\n([\s\S]*?)```/.exec(readme)?.[1];
  if (!block) throw new Error('README has no proofmap:grants SQL block');
  return block;
}

const withUser = (url: string, user: string, password = SECRET) => {
  const u = new URL(url);
  u.username = user;
  u.password = password;
  return u.href;
};

describe.skipIf(skipPg)('a read-only role on the shared index (PostgreSQL)', () => {
  let writerUrl = '';
  let readerUrl = '';
  let core = '';
  let ui = '';
  beforeAll(async () => {
    const url = await freshDatabase();
    const database = new URL(url).pathname.slice(1);
    // Roles are per cluster: a suffix keeps reruns in one cluster apart.
    const tag = crypto.randomBytes(3).toString('hex');
    const writer = `proofmap_writer_${tag}`;
    const reader = `proofmap_reader_${tag}`;
    const sqlText = documentedGrants()
      .replaceAll('proofmap_writer', writer)
      .replaceAll('proofmap_reader', reader)
      .replace(/DATABASE proofmap\b/, `DATABASE ${database}`);
    const admin = postgres(url, { max: 1, onnotice: () => {} });
    await admin.unsafe(sqlText);
    await admin.end();
    writerUrl = withUser(url, writer);
    readerUrl = withUser(url, reader);
    core = await scannedRepo(REPOS.core);
    ui = await scannedRepo(REPOS.ui);
    for (const dir of [core, ui]) {
      const out = await runBin(['publish', dir], { PROOFMAP_DB: writerUrl });
      expect(out.code, out.stderr).toBe(0);
      expect(out.stdout + out.stderr).not.toContain(SECRET);
    }
  }, 120_000);

  const QUERIES: string[][] = [
    ['impact', 'src/util.ts'],
    ['refs', 'src/util.ts'],
    ['refs', 'core'],
    ['context', 'src/util.ts'],
    ['path', 'src/index.ts', 'src/util.ts'],
    ['cycles'],
    ['rank', '--by', 'fan-in'],
    ['packages'],
    ['changes'],
    ['search', 'util'],
  ];

  it.each(QUERIES)('%s answers through the reader', async (...args) => {
    const out = await runBin([...args, '--root', core, '--json'], { PROOFMAP_DB: readerUrl });
    expect(out.code, out.stderr).toBe(0);
    const answer = JSON.parse(out.stdout);
    expect(answer.read[0]).toMatchObject({ repo: '@org/core' });
    expect(answer.freshness.commit).toMatchObject({ repo: '@org/core' });
    expect(out.stdout + out.stderr).not.toContain(SECRET);
  });

  it('cross-repository answers work through the reader too', async () => {
    const out = await runBin(['refs', 'core', '--root', core, '--db', readerUrl, '--json']);
    expect(out.code, out.stderr).toBe(0);
    const answer = JSON.parse(out.stdout);
    expect(answer.other_repos.items).toEqual([
      expect.objectContaining({ repo: '@org/ui', path: 'src/button.ts', line: 1, names: ['core'] }),
    ]);
  });

  it('publish through the reader fails in one line with exit 2, naming no credential', async () => {
    const out = await runBin(['publish', core, '--db', readerUrl, '--commit', 'f'.repeat(40)]);
    expect(out.code).toBe(2);
    expect(out.stdout).toBe('');
    expect(out.stderr.trim().split('\n')).toHaveLength(1);
    expect(out.stderr).toMatch(/the role cannot write the shared index at 127\.0\.0\.1:\d+\/t_/);
    expect(out.stderr).not.toContain(SECRET);
    expect(out.stderr).not.toContain('proofmap_reader');
  });

  it('serve --db answers over stdio through the reader, and its log names no credential', async () => {
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [BIN, 'serve', core, '--db', readerUrl],
      cwd: core,
      stderr: 'pipe',
      env: { ...(process.env as Record<string, string>), NO_COLOR: '1' },
    });
    let log = '';
    transport.stderr?.on('data', (b) => (log += b));
    const client = new Client({ name: 'proofmap-test', version: '0' });
    await client.connect(transport);
    try {
      const result = (await client.callTool({
        name: 'map_impact',
        arguments: { target: 'src/util.ts' },
      })) as {
        isError?: boolean;
        structuredContent: { items: { path: string }[]; freshness: { commit: { repo: string } } };
      };
      expect(result.isError).toBeFalsy();
      expect(result.structuredContent.items.map((i) => i.path)).toEqual(['src/index.ts']);
      expect(result.structuredContent.freshness.commit.repo).toBe('@org/core');
      const search = (await client.callTool({ name: 'map_search', arguments: { text: 'util' } })) as {
        isError?: boolean;
        structuredContent: { total: number };
      };
      expect(search.isError).toBeFalsy();
      expect(search.structuredContent.total).toBeGreaterThan(0);
    } finally {
      await client.close();
    }
    expect(log).toMatch(/answering about @org\/core from the shared index at 127\.0\.0\.1:\d+\/t_/);
    expect(log).not.toContain(SECRET);
  });

  it('a failing connection names host and database only, never the password', async () => {
    const u = new URL(readerUrl);
    u.pathname = '/no_such_database';
    const missing = await runBin(['impact', 'src/util.ts', '--root', core, '--db', u.href]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(
      /cannot reach the shared index at 127\.0\.0\.1:\d+\/no_such_database \(3D000\)/,
    );
    u.port = '1';
    const refused = await runBin(['search', 'util', '--root', core, '--db', u.href]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/cannot reach the shared index at 127\.0\.0\.1:1\//);
    for (const out of [missing, refused]) {
      expect(out.stderr.trim().split('\n')).toHaveLength(1);
      expect(out.stdout + out.stderr).not.toContain(SECRET);
    }
  });

  it('the password lands in neither map.json nor index.db', () => {
    for (const dir of [core, ui])
      for (const file of ['map.json', 'index.db'])
        expect(readFileSync(path.join(dir, '.proofmap', file)).includes(SECRET), `${dir} ${file}`).toBe(
          false,
        );
  });
});
