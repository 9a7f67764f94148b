/**
 * Consult markers: the record that a query about a path was answered, at which content hash and
 * epoch, and which agent session has since edited under it. The gate compares them with the file
 * on disk; one marker per path, the latest wins.
 */
import type { Connection } from './connection.js';

export interface ConsultMarker {
  /** Repo-relative POSIX path the query was about. */
  path: string;
  /** Content hash of the file when the answer was given, or after the session's own last edit. */
  hash: string;
  /** Index epoch the answer came from. */
  epoch: number;
  /** The query that was answered (`impact src/a.ts`). */
  query: string;
  /** When the consultation happened, in ms since 1970 (renewals keep it: age counts from here). */
  time: number;
  /** Agent session that edited under this consult ('' until one does). */
  session?: string;
  /** tool_use_id of that session's edit in flight, whose PostToolUse may renew the marker. */
  edit?: string;
  /** Signature the gate uses to tell its own markers from forged ones. */
  signature: string;
}

export function putMarker(conn: Connection, marker: ConsultMarker): void {
  conn
    .stmt(
      `INSERT OR REPLACE INTO markers (path, hash, epoch, query, time, session, edit, signature)
       VALUES (@path, @hash, @epoch, @query, @time, @session, @edit, @signature)`,
    )
    .run({
      path: marker.path,
      hash: marker.hash,
      epoch: marker.epoch,
      query: marker.query,
      time: marker.time,
      session: marker.session ?? '',
      edit: marker.edit ?? '',
      signature: marker.signature,
    });
}

export function getMarker(conn: Connection, path: string): ConsultMarker | undefined {
  const row = conn
    .stmt(`SELECT path, hash, epoch, query, time, session, edit, signature FROM markers WHERE path = ?`)
    .get(path) as (ConsultMarker & { session: string; edit: string }) | undefined;
  if (!row) return undefined;
  const { session, edit, ...rest } = row;
  return { ...rest, ...(session ? { session } : {}), ...(edit ? { edit } : {}) };
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

/** Every marker path, sorted (for tests and `gate --list`). */
export function markerPathList(conn: Connection): string[] {
  return (conn.stmt(`SELECT path FROM markers ORDER BY path`).all() as { path: string }[]).map((r) => r.path);
}
