/**
 * Cache of computed signals (centrality, hot spots …), one JSON document per kind, valid for the
 * snapshot epoch it was computed from. A cache from an older epoch is a miss, so a new snapshot
 * can never be answered with the previous one's signals.
 */
import { type Connection, parseStored, readEpoch } from './connection.js';

export function putSignals(conn: Connection, kind: string, data: unknown, epoch: number): void {
  putSignalsJson(conn, kind, JSON.stringify(data), epoch);
}

/** putSignals for data already serialised (`json` must be JSON.stringify of the data). */
export function putSignalsJson(conn: Connection, kind: string, json: string, epoch: number): void {
  conn.stmt(`INSERT OR REPLACE INTO signals (kind, epoch, data) VALUES (?, ?, ?)`).run(kind, epoch, json);
}

export function getSignals<T>(conn: Connection, kind: string): T | undefined {
  const row = conn.stmt(`SELECT epoch, data FROM signals WHERE kind = ?`).get(kind) as
    | { epoch: number; data: string }
    | undefined;
  if (!row || (row.epoch !== readEpoch(conn) && row.epoch !== carriedEpoch(conn))) return undefined;
  return parseStored<T>(row.data);
}

// Rows named `<prefix>…` sort between prefix and prefix with its last character bumped, so both
// statements below use the unique index on kind instead of a scan.
const prefixEnd = (prefix: string) =>
  prefix.slice(0, -1) + String.fromCharCode(prefix.charCodeAt(prefix.length - 1) + 1);

export function deleteSignals(conn: Connection, prefix: string): void {
  conn.stmt(`DELETE FROM signals WHERE kind >= ? AND kind < ?`).run(prefix, prefixEnd(prefix));
}

/** How many rows are named `<prefix>…`, whatever their epoch. */
export function countSignals(conn: Connection, prefix: string): number {
  return Number(
    conn
      .stmt(`SELECT count(*) FROM signals WHERE kind >= ? AND kind < ?`)
      .pluck()
      .get(prefix, prefixEnd(prefix)),
  );
}

/**
 * The epoch of the last full snapshot when deltas were applied since: signals computed then are
 * carried through deltas (which say so in SIGNALS_LAG when the graph moved) instead of restamping
 * thousands of rows on every edit.
 */
export const SIGNALS_CARRIED = 'signals_carried';

function carriedEpoch(conn: Connection): number | undefined {
  const value = conn.stmt(`SELECT value FROM meta WHERE key = ?`).pluck().get(SIGNALS_CARRIED);
  return value === undefined || value === null ? undefined : Number(value);
}
