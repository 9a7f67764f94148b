import path from 'node:path';
import { openSqlite, prepare } from '../../src/store/handles.js';

/** Every row of the index that describes the snapshot (not caches, markers or timestamps). */
export function indexDump(root: string) {
  // Through the store's handles: on Node 24 a collected statement aborts the process (issue 24).
  const db = openSqlite(path.join(root, '.proofmap/index.db'), { readonly: true });
  const all = (sql: string) => prepare(db, sql).all();
  const dump = {
    files: all('SELECT path, hash, size, role, content FROM files ORDER BY path'),
    nodes: all('SELECT id, kind, path, json, digest FROM nodes ORDER BY id'),
    edges: all('SELECT id, from_id, to_id, relation, json FROM edges ORDER BY id'),
    groups: all('SELECT * FROM edge_groups ORDER BY from_id'),
    coverage: all('SELECT analyzer, scope, status, reason, json FROM coverage ORDER BY seq'),
    snapshot: all('SELECT json FROM snapshot'),
    orders: all('SELECT kind, ids FROM snapshot_orders ORDER BY kind'),
    search: all(
      'SELECT kind, path, name, line, detail, fold_name, fold_text FROM search_items ORDER BY path, kind, name, line',
    ),
    sources: all('SELECT * FROM search_sources ORDER BY path'),
  };
  db.close();
  return dump;
}
