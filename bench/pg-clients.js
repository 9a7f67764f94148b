#!/usr/bin/env node
// postgres (postgres.js) against pg (node-postgres) on the shared index's shape: 50k edge rows
// written in batches inside one transaction, then read back as one JSON aggregate, then 200
// small keyed look-ups (what a query does). Starts its own throwaway cluster.
//
//   node bench/pg-clients.js
import pg from 'pg';
import postgres from 'postgres';
import { startCluster } from '../scripts/pg-cluster.mjs';

const N = 50_000;
const BATCH = 2_000;
const rows = Array.from({ length: N }, (_, i) => [
  `e${i}`,
  `n${i % 7000}`,
  `n${(i * 7) % 7000}`,
  'x'.repeat(250),
]);
const cluster = await startCluster();
const results = {};
try {
  const sql = postgres(cluster.url, { max: 1, onnotice: () => {} });
  await sql`CREATE TABLE a (id text primary key, f text, t text, json text)`;
  let t = performance.now();
  await sql.begin(async (tx) => {
    for (let i = 0; i < N; i += BATCH) {
      const b = rows.slice(i, i + BATCH);
      await tx`INSERT INTO a SELECT * FROM unnest(${b.map((r) => r[0])}::text[], ${b.map((r) => r[1])}::text[], ${b.map((r) => r[2])}::text[], ${b.map((r) => r[3])}::text[])`;
    }
  });
  results.postgres = { write: performance.now() - t };
  t = performance.now();
  await sql`SELECT string_agg(json, ',') FROM a`;
  results.postgres.read = performance.now() - t;
  t = performance.now();
  for (let i = 0; i < 200; i++) await sql`SELECT json FROM a WHERE id = ${`e${i * 13}`}`;
  results.postgres.lookups = performance.now() - t;
  await sql.end();

  const client = new pg.Client({ connectionString: cluster.url });
  await client.connect();
  await client.query('CREATE TABLE b (id text primary key, f text, t text, json text)');
  t = performance.now();
  await client.query('BEGIN');
  for (let i = 0; i < N; i += BATCH) {
    const b = rows.slice(i, i + BATCH);
    await client.query('INSERT INTO b SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[])', [
      b.map((r) => r[0]),
      b.map((r) => r[1]),
      b.map((r) => r[2]),
      b.map((r) => r[3]),
    ]);
  }
  await client.query('COMMIT');
  results.pg = { write: performance.now() - t };
  t = performance.now();
  await client.query(`SELECT string_agg(json, ',') FROM b`);
  results.pg.read = performance.now() - t;
  t = performance.now();
  for (let i = 0; i < 200; i++) await client.query('SELECT json FROM b WHERE id = $1', [`e${i * 13}`]);
  results.pg.lookups = performance.now() - t;
  await client.end();
} finally {
  await cluster.stop();
}
for (const [name, r] of Object.entries(results))
  console.log(
    `${name.padEnd(9)} write ${N} rows ${r.write.toFixed(0)} ms  read all ${r.read.toFixed(0)} ms  200 look-ups ${r.lookups.toFixed(0)} ms`,
  );
