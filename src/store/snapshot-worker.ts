/** Worker side of snapshot-aside.ts: writes a full build's snapshot rows into the fresh file. */
import { parentPort } from 'node:worker_threads';
import { createIndexes, reopenFresh } from './fresh-build.js';
import { writeSnapshotRows } from './snapshot.js';
import { type RowsJob, unpackTexts } from './snapshot-aside.js';

parentPort?.once('message', (job: RowsJob) => {
  try {
    const conn = reopenFresh(job.file);
    try {
      const rows = {
        ...job.rows,
        nodeJsons: unpackTexts(job.nodeJsons),
        edgeJsons: unpackTexts(job.edgeJsons),
      };
      conn.db.transaction(() => writeSnapshotRows(conn, rows))();
      createIndexes(conn, job.indexes);
    } finally {
      conn.db.close();
    }
    parentPort?.postMessage({ ok: true });
  } catch (error) {
    parentPort?.postMessage({ ok: false, message: (error as Error).message });
  }
});
