/**
 * Cache of computed signals (centrality, hot spots …), one JSON document per kind, valid for the
 * snapshot epoch it was computed from. A cache from an older epoch is a miss, so a new snapshot
 * can never be answered with the previous one's signals.
 */
import { type Connection, parseStored, readEpoch } from './connection.js';

export function putSignals(conn: Connection, kind: string, data: unknown, epoch: number): void {
  conn
    .stmt(`INSERT OR REPLACE INTO signals (kind, epoch, data) VALUES (?, ?, ?)`)
    .run(kind, epoch, JSON.stringify(data));
}

export function getSignals<T>(conn: Connection, kind: string): T | undefined {
  const row = conn.stmt(`SELECT epoch, data FROM signals WHERE kind = ?`).get(kind) as
    | { epoch: number; data: string }
    | undefined;
  if (!row || row.epoch !== readEpoch(conn)) return undefined;
  return parseStored<T>(row.data);
}
