/**
 * Consult markers: the record that a query about a path was answered, at which content hash and
 * epoch. The gate compares them with the file on disk; one marker per path, the latest wins.
 */
import type { Connection } from './connection.js';

export interface ConsultMarker {
  /** Repo-relative POSIX path the query was about. */
  path: string;
  /** Content hash of the file when the answer was given. */
  hash: string;
  /** Index epoch the answer came from. */
  epoch: number;
  /** The query that was answered (`impact src/a.ts`). */
  query: string;
  /** When, in ms since 1970. */
  time: number;
  /** Signature the gate uses to tell its own markers from forged ones. */
  signature: string;
}

export function putMarker(conn: Connection, marker: ConsultMarker): void {
  conn
    .stmt(
      `INSERT OR REPLACE INTO markers (path, hash, epoch, query, time, signature)
       VALUES (@path, @hash, @epoch, @query, @time, @signature)`,
    )
    .run({
      path: marker.path,
      hash: marker.hash,
      epoch: marker.epoch,
      query: marker.query,
      time: marker.time,
      signature: marker.signature,
    });
}

export function getMarker(conn: Connection, path: string): ConsultMarker | undefined {
  return conn
    .stmt(`SELECT path, hash, epoch, query, time, signature FROM markers WHERE path = ?`)
    .get(path) as ConsultMarker | undefined;
}

export function deleteMarkers(conn: Connection, paths?: readonly string[]): void {
  if (!paths) {
    conn.stmt(`DELETE FROM markers`).run();
    return;
  }
  const del = conn.stmt(`DELETE FROM markers WHERE path = ?`);
  for (const path of paths) del.run(path);
}

/** Path and time of every marker, for garbage collection by age. */
export function markerTimes(conn: Connection): { path: string; time: number }[] {
  return conn.stmt(`SELECT path, time FROM markers ORDER BY path`).all() as { path: string; time: number }[];
}
