/**
 * Issue 22 item 12 (the index half; the `.proofmap` symlink is in output-dir.test.ts): random
 * bytes written over the search tables' pages made `search` answer "0 of 0" without a word. Now
 * the damage is detected (SQLITE_CORRUPT, or a page short of hits over tables failing
 * quick_check), the index is moved aside and rebuilt by a full scan, and the answer is the one the
 * sound index gave, with a note saying what happened — from the CLI and from map_search over MCP.
 */
import { closeSync, existsSync, openSync, writeSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openSqlite, pragma, prepare } from '../../src/store/handles.js';
import { tmpRepo } from '../helpers/tmp-repo.js';
import { type Client, call, connect, ensureBuilt } from '../mcp/fixture.js';
import { cli } from './hook-harness.js';

function repo(): string {
  const files: Record<string, string> = { 'package.json': '{ "name": "pages" }' };
  for (let i = 1; i <= 60; i++) files[`src/core${i}.ts`] = `export const core${i} = ${i};\n`;
  files['docs/guide.md'] = '# Core guide\n\n## Core loop\n';
  return tmpRepo(files);
}

/**
 * Overwrites the pages of the tables named `prefix…` with seeded random bytes from `from` to the
 * end of each page (0: the whole page, header included; 100: the cells, header kept).
 */
function scribble(root: string, prefix: string, from: number): number {
  const file = path.join(root, '.proofmap/index.db');
  const db = openSqlite(file);
  let pages: { pageno: number }[];
  let size: number;
  try {
    pragma(db, 'wal_checkpoint(TRUNCATE)');
    pages = prepare(db, `SELECT pageno FROM dbstat WHERE name LIKE ? ORDER BY pageno`).all(`${prefix}%`) as {
      pageno: number;
    }[];
    size = pragma(db, 'page_size') as number;
  } finally {
    db.close();
  }
  const fd = openSync(file, 'r+');
  let seed = 7;
  for (const { pageno } of pages) {
    const junk = Buffer.alloc(size - from);
    for (let i = 0; i < junk.length; i++) {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      junk[i] = seed & 0xff;
    }
    writeSync(fd, junk, 0, junk.length, (pageno - 1) * size + from);
  }
  closeSync(fd);
  return pages.length;
}

const search = (root: string) => {
  const r = cli(root, ['search', 'core', '--json']);
  return { status: r.status, stderr: r.stderr, answer: r.stdout ? JSON.parse(r.stdout) : undefined };
};

const NOTE = /^\.proofmap\/index\.db was corrupt \(.+\); rebuilt by a full scan before this answer$/;

describe('hostile item 12: random bytes in the search pages', () => {
  for (const [table, from] of [
    ['search', 0],
    ['search_fts_data', 100],
    ['search_items', 100],
  ] as const)
    it(`${table} pages scribbled from byte ${from}: the same answer, after a rebuild that says so`, () => {
      const root = repo();
      expect(cli(root, ['scan']).status).toBe(0);
      const sound = search(root);
      expect(sound.answer.total).toBe(122);
      expect(sound.answer.notes).toBeUndefined();
      expect(scribble(root, table, from)).toBeGreaterThan(0);
      const after = search(root);
      expect(after.status).toBe(0);
      expect(after.answer.items).toEqual(sound.answer.items);
      expect(after.answer.total).toBe(122);
      expect(after.answer.notes).toHaveLength(1);
      expect(after.answer.notes[0]).toMatch(NOTE);
      expect(existsSync(path.join(root, '.proofmap/index.db.bad'))).toBe(true);
      // The rebuilt index answers plainly from then on.
      expect(search(root).answer.notes).toBeUndefined();
    });

  let client: Client | undefined;
  afterEach(async () => {
    await client?.close();
    client = undefined;
  });

  it('map_search over stdio answers the same after the damage, and the server keeps serving', async () => {
    ensureBuilt();
    const root = repo();
    expect(cli(root, ['scan']).status).toBe(0);
    client = await connect(root);
    const sound = await call(client, 'map_search', { text: 'core' });
    expect(sound.env.total).toBe(122);
    scribble(root, 'search_items', 100);
    const after = await call(client, 'map_search', { text: 'core' });
    expect(after.result.isError).toBeFalsy();
    expect(after.env.items).toEqual(sound.env.items);
    expect(after.env.notes?.some((n) => NOTE.test(n))).toBe(true);
    const impact = await call(client, 'map_impact', { target: 'src/core1.ts' });
    expect(impact.result.isError).toBeFalsy();
  });
});
