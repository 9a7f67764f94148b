/**
 * Rows inserted many to a statement. A cold snapshot of a 7,000-file repository inserts ~150,000
 * rows (edges, search items, nodes); one `run()` per row pays the call into the addon and a
 * statement step and reset each time, which a 64-row `VALUES` list pays once. Rows go in in the
 * order they were added, so rowids are the ones a row at a time would have given.
 */
import type { Connection } from './connection.js';

/** Rows per statement: 64 × 8 columns stays far below SQLite's 32,766 bound parameters. */
const ROWS = 64;

export interface RowBatch {
  /** Queues one row (its values in the statement's column order); a full batch is inserted now. */
  add(...row: unknown[]): void;
  /** Inserts the rows still queued. Call it before anything reads the table. */
  flush(): void;
}

/**
 * `head` is the statement up to `VALUES` (`INSERT INTO t (a, b) VALUES`), `width` its column count.
 * `insertOne` inserts a single row and says what a failing row means (say, which id is a
 * duplicate): a failed batch is undone by SQLite and its rows are inserted again one at a time
 * through it, so the error thrown is the one the failing row alone would give.
 */
export function rowBatch(
  conn: Connection,
  head: string,
  width: number,
  insertOne?: (row: unknown[]) => void,
): RowBatch {
  const tuple = `(${Array.from({ length: width }, () => '?').join(', ')})`;
  const one = conn.stmt(`${head} ${tuple}`);
  const many = conn.stmt(`${head} ${Array.from({ length: ROWS }, () => tuple).join(', ')}`);
  const single = insertOne ?? ((row: unknown[]) => void one.run(row));
  const values: unknown[] = new Array(ROWS * width);
  let queued = 0;
  const singly = (count: number) => {
    for (let at = 0; at < count; at += width) single(values.slice(at, at + width));
  };
  return {
    add(...row) {
      for (const value of row) values[queued++] = value;
      if (queued < values.length) return;
      queued = 0;
      try {
        many.run(values);
      } catch (error) {
        // Undone as a whole (ON CONFLICT ABORT backs out the statement): find the row that fails.
        singly(values.length);
        throw error;
      }
    },
    flush() {
      singly(queued);
      queued = 0;
    },
  };
}
