#!/usr/bin/env node
// better-sqlite3 against node:sqlite on the index's own schema and the shape of a cold 7k-file
// scan's writes and reads (issue 24 asked whether to move to node:sqlite where Node has it).
// Needs a Node with node:sqlite (22.5+); the better-sqlite3 build must match the running Node,
// or pass its .node file with --binding.
//
//   node bench/sqlite-drivers.js [--rounds 3] [--binding path/to/better_sqlite3.node]
import { createRequire } from 'node:module';
import { parseArgs } from 'node:util';
import { MIGRATIONS } from '../dist/store/schema.js';

const require = createRequire(import.meta.url);
const { values } = parseArgs({
  options: { rounds: { type: 'string', default: '3' }, binding: { type: 'string' } },
});
const BetterSqlite = require('better-sqlite3');
const { DatabaseSync } = require('node:sqlite');

// Sizes of the generated 7k-file monorepo's index: nodes, edges, cached facts, search rows.
const N = { nodes: 7400, edges: 50000, facts: 7000, search: 20000 };
const pad = (n) => 'x'.repeat(n);
const rows = {
  nodes: Array.from({ length: N.nodes }, (_, i) => [
    `n${i}`,
    'file',
    `packages/p/src/f${i}.ts`,
    pad(300),
    `d${i}`,
  ]),
  edges: Array.from({ length: N.edges }, (_, i) => [
    `e${i}`,
    `n${i % N.nodes}`,
    `n${(i * 7) % N.nodes}`,
    'imports',
    pad(400),
  ]),
  facts: Array.from({ length: N.facts }, (_, i) => ['js-ts', `h${i}`, 1, pad(3000)]),
  search: Array.from({ length: N.search }, (_, i) => [`symbol${i} packages/p/src/f${i % N.nodes}.ts`]),
};

const drivers = {
  'better-sqlite3': () => {
    const db = new BetterSqlite(':memory:', values.binding ? { nativeBinding: values.binding } : {});
    return { db, prepare: (sql) => db.prepare(sql), exec: (sql) => db.exec(sql), close: () => db.close() };
  },
  'node:sqlite': () => {
    const db = new DatabaseSync(':memory:');
    return { db, prepare: (sql) => db.prepare(sql), exec: (sql) => db.exec(sql), close: () => db.close() };
  },
};

// CPU time of this process (user + sys, ms): the machine is shared, and wall clock there measures
// the neighbours. SQLite here runs on the calling thread, so CPU time is the work itself.
const cpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

function workload(make) {
  const t = {};
  const d = make();
  let t0 = cpuMs();
  for (const step of MIGRATIONS) d.exec(step);
  d.exec('BEGIN IMMEDIATE');
  const node = d.prepare('INSERT INTO nodes (id, kind, path, json, digest) VALUES (?, ?, ?, ?, ?)');
  for (const r of rows.nodes) node.run(...r);
  const edge = d.prepare('INSERT INTO edges (id, from_id, to_id, relation, json) VALUES (?, ?, ?, ?, ?)');
  for (const r of rows.edges) edge.run(...r);
  const fact = d.prepare('INSERT INTO facts (extractor, hash, version, data) VALUES (?, ?, ?, ?)');
  for (const r of rows.facts) fact.run(...r);
  const fts = d.prepare('INSERT INTO search_fts (rowid, text) VALUES (?, ?)');
  rows.search.forEach((r, i) => {
    fts.run(i + 1, r[0]);
  });
  d.exec('COMMIT');
  t.write = cpuMs() - t0;

  t0 = cpuMs();
  const get = d.prepare('SELECT data FROM facts WHERE extractor = ? AND hash = ? AND version = ?');
  for (const r of rows.facts) get.get('js-ts', r[1], 1);
  const json = d.prepare(`SELECT json_group_array(json_array(id, from_id, json)) AS j FROM edges`).get().j;
  const all = d.prepare('SELECT id, from_id, to_id FROM edges').all();
  if (JSON.parse(json).length !== N.edges || all.length !== N.edges) throw new Error('bad read');
  t.read = cpuMs() - t0;
  d.close();
  return t;
}

const rounds = Number(values.rounds);
console.log(`node ${process.version}, ${rounds} rounds, best CPU ms of each`);
// Rounds alternate the drivers, so a busy machine slows both alike rather than whichever ran last.
const best = Object.fromEntries(
  Object.keys(drivers).map((name) => [name, { write: Infinity, read: Infinity }]),
);
for (const make of Object.values(drivers)) workload(make); // warm-up: JIT and allocator
for (let i = 0; i < rounds; i++) {
  const order = Object.entries(drivers);
  if (i % 2) order.reverse();
  for (const [name, make] of order) {
    const t = workload(make);
    best[name].write = Math.min(best[name].write, t.write);
    best[name].read = Math.min(best[name].read, t.read);
  }
}
for (const [name, b] of Object.entries(best)) {
  console.log(
    `${name.padEnd(15)} write ${b.write.toFixed(0).padStart(5)}  read ${b.read.toFixed(0).padStart(5)}`,
  );
}
