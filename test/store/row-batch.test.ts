import { describe, expect, it } from 'vitest';
import { connection } from '../../src/store/connection.js';
import { openSqlite } from '../../src/store/handles.js';
import { rowBatch } from '../../src/store/row-batch.js';

function table() {
  const conn = connection(openSqlite(':memory:'));
  conn.db.exec(`CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE, n INTEGER)`);
  return conn;
}

describe('rowBatch', () => {
  it('inserts rows in the order they were added, full batches and the rest', () => {
    const conn = table();
    const batch = rowBatch(conn, `INSERT INTO t (name, n) VALUES`, 2);
    for (let i = 0; i < 150; i++) batch.add(`row ${i}`, i % 3 === 0 ? null : i);
    batch.flush();
    const rows = conn.stmt(`SELECT id, name, n FROM t ORDER BY id`).raw().all();
    expect(rows).toEqual(Array.from({ length: 150 }, (_, i) => [i + 1, `row ${i}`, i % 3 === 0 ? null : i]));
  });

  it("throws the failing row's own error from a full batch, and the batch leaves nothing behind", () => {
    const conn = table();
    conn.stmt(`INSERT INTO t (name) VALUES ('taken')`).run();
    const one = conn.stmt(`INSERT INTO t (name, n) VALUES (?, ?)`);
    const batch = rowBatch(conn, `INSERT INTO t (name, n) VALUES`, 2, (row) => {
      try {
        one.run(row);
      } catch (error) {
        throw new Error(`duplicate ${row[0]}`, { cause: error });
      }
    });
    const write = conn.db.transaction(() => {
      for (let i = 0; i < 64; i++) batch.add(i === 40 ? 'taken' : `row ${i}`, i);
    });
    expect(write).toThrow(/^duplicate taken$/);
    expect(conn.stmt(`SELECT name FROM t`).pluck().all()).toEqual(['taken']);
  });
});
