/**
 * A full build writes a fresh file and renames it over index.db (store/fresh-build.ts). Other
 * handles must see the old index until the rename and the new one after it, no consult marker
 * may be lost on the way, and a build that dies leaves the old index as it was.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openSqlite, pragma, prepare } from '../../src/store/handles.js';
import { type ConsultMarker, type IndexStore, openIndex } from '../../src/store/index.js';
import { ensureBuilt } from '../mcp/fixture.js';
import { edge, fileNode, proofMap, sourceFile, tempRoot } from './fixture.js';

const stores: IndexStore[] = [];
afterEach(() => {
  for (const s of stores.splice(0)) s.close();
});
function open(root: string, opts?: Parameters<typeof openIndex>[1]) {
  const s = openIndex(root, opts);
  stores.push(s);
  return s;
}

const a = fileNode('src/a.ts', ['alpha']);
const b = fileNode('src/b.ts', ['beta']);
const c = fileNode('src/c.ts', ['gamma']);
const before = proofMap([a, b], [edge(a, b)]);
const after = proofMap([a, b, c], [edge(a, b), edge(b, c)]);
const files = (map: typeof before) => map.nodes.map((n) => sourceFile(n.path!));
const marker = (p: string, time = Date.now()): ConsultMarker => ({
  path: p,
  hash: 'h',
  epoch: 1,
  query: `impact ${p}`,
  time,
  signature: 's',
});
const dbOf = (root: string) => path.join(root, '.proofmap/index.db');

/** A repository whose index holds `before` at epoch 1, a cached fact and a marker. */
function indexedRoot(): string {
  const root = tempRoot();
  const s = openIndex(root);
  s.writeSnapshot(before, files(before));
  s.putFacts('js-ts', 'old-hash', { old: true });
  s.putMarker(marker('src/a.ts'));
  s.close();
  return root;
}

describe('a full build in a fresh file', () => {
  it('stays invisible to other handles until published, then replaces the index whole', () => {
    const root = indexedRoot();
    const reader = open(root, { readonly: true });
    const consults = open(root);
    expect(reader.epoch()).toBe(1);
    const scanner = open(root);
    expect(scanner.beginFullBuild()).toBe(true);
    scanner.putFacts('js-ts', 'new-hash', { fresh: true });
    expect(scanner.writeSnapshot(after, files(after))).toBe(2);
    scanner.putSignals('gate:settings', { sealed: 1 });
    // Mid-build: every reader, the scanner's own included, still sees the old snapshot.
    expect(fs.existsSync(`${dbOf(root)}.build`)).toBe(true);
    expect(reader.epoch()).toBe(1);
    expect(JSON.stringify(reader.readMap())).toBe(JSON.stringify(before));
    expect(scanner.epoch()).toBe(1);
    // A consult recorded during the build lands in the old file and must survive the rename.
    consults.putMarker(marker('src/b.ts'));

    scanner.publish();
    expect(fs.existsSync(`${dbOf(root)}.build`)).toBe(false);
    for (const s of [reader, consults, scanner]) {
      expect(s.epoch()).toBe(2);
      expect(JSON.stringify(s.readMap())).toBe(JSON.stringify(after));
      expect(s.getMarker('src/a.ts')?.query).toBe('impact src/a.ts');
      expect(s.getMarker('src/b.ts')?.query).toBe('impact src/b.ts');
      expect(s.getFacts('js-ts', 'old-hash')).toEqual({ old: true });
      expect(s.getFacts('js-ts', 'new-hash')).toEqual({ fresh: true });
      expect(s.getSignals('gate:settings')).toEqual({ sealed: 1 });
    }
    expect(reader.search('gamma').total).toBe(1);
    // The handle that recorded consults writes into the new file now.
    consults.putMarker(marker('src/c.ts'));
    expect(open(root).getMarker('src/c.ts')).toBeDefined();
    const raw = openSqlite(dbOf(root), { readonly: true });
    expect(pragma(raw, 'page_size')).toBe(8192);
    expect(prepare(raw, `SELECT count(*) FROM sqlite_master WHERE name = 'edges_id'`).pluck().get()).toBe(1);
    raw.close();
  });

  it('drops an unpublished build on close and leaves the index as it was', () => {
    const root = indexedRoot();
    const scanner = openIndex(root);
    scanner.beginFullBuild();
    scanner.writeSnapshot(after, files(after));
    scanner.close();
    expect(fs.existsSync(`${dbOf(root)}.build`)).toBe(false);
    const s = open(root);
    expect(s.epoch()).toBe(1);
    expect(JSON.stringify(s.readMap())).toBe(JSON.stringify(before));
  });

  it('still refuses a duplicate edge id, though the unique index is built after the rows', () => {
    const root = indexedRoot();
    const scanner = open(root);
    scanner.beginFullBuild();
    expect(() => scanner.writeSnapshot(proofMap([a, b], [edge(a, b), edge(a, b)]), [])).toThrow(
      /duplicate id/,
    );
  });

  it('leaves the old index usable when the building process is killed', () => {
    ensureBuilt();
    const root = indexedRoot();
    const mapFile = path.join(root, 'after.json');
    fs.writeFileSync(mapFile, JSON.stringify({ map: after, files: files(after) }));
    const dist = path.resolve(import.meta.dirname, '../../dist/store/index.js');
    const script = `
      import fs from 'node:fs';
      import { openIndex } from ${JSON.stringify(dist)};
      const { map, files } = JSON.parse(fs.readFileSync(${JSON.stringify(mapFile)}, 'utf8'));
      const s = openIndex(${JSON.stringify(root)});
      s.beginFullBuild();
      s.writeSnapshot(map, files);
      process.kill(process.pid, 'SIGKILL');`;
    const child = spawnSync(process.execPath, ['--input-type=module', '-e', script]);
    expect(child.signal).toBe('SIGKILL');
    expect(fs.existsSync(`${dbOf(root)}.build`)).toBe(true);
    const s = open(root, { readonly: true, strict: true });
    expect(s.epoch()).toBe(1);
    expect(JSON.stringify(s.readMap())).toBe(JSON.stringify(before));
    // The next build starts over from the leftover file's name.
    const next = open(root);
    expect(next.beginFullBuild()).toBe(true);
    next.writeSnapshot(after, files(after));
    next.publish();
    expect(s.epoch()).toBe(2);
    expect(fs.existsSync(`${dbOf(root)}.build`)).toBe(false);
  });

  it('a writer that meets a superseded file waits for the new one and writes there', async () => {
    const root = indexedRoot();
    const db = dbOf(root);
    const next = `${db}.next`;
    fs.copyFileSync(db, next);
    const writer = open(root);
    expect(writer.epoch()).toBe(1);
    // What publish does in another process: mark the old file, then (here 300 ms later) drop its
    // WAL files and rename the new file over it.
    const raw = openSqlite(db);
    prepare(raw, `INSERT INTO meta (key, value) VALUES ('superseded', 1)`).run();
    raw.close();
    const renamer = spawn(process.execPath, [
      '-e',
      `const fs = require('fs'); setTimeout(() => {
         for (const s of ['-wal', '-shm']) fs.rmSync(${JSON.stringify(db)} + s, { force: true });
         fs.renameSync(${JSON.stringify(next)}, ${JSON.stringify(db)});
       }, 300);`,
    ]);
    const exited = new Promise((resolve) => renamer.on('exit', resolve));
    const started = Date.now();
    writer.putMarker(marker('src/b.ts'));
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
    await exited;
    const check = open(root, { readonly: true });
    expect(check.getMarker('src/b.ts')?.query).toBe('impact src/b.ts');
    expect(check.getMarker('src/a.ts')).toBeDefined();
  });
});
