/**
 * A full build's snapshot rows (files, nodes, edges, search: most of the index stage, ~1 s on a
 * 7,000-file repository) written on a second thread, while the scan thread guards the map and
 * writes map.json. The scan's second core is otherwise idle by then. Nobody reads the fresh file
 * until it is published, so writing it apart breaks no reader; its head (the guardian's verdict,
 * the epoch) is written after, on the scan thread.
 */
import type { FreshIndex } from './fresh-build.js';
import type { SnapshotRows } from './snapshot.js';
import type { JsonAt } from './snapshot-rows.js';

/**
 * Texts as UTF-8 bytes and the end offset of each. The nodes' and edges' JSON (~40 MB on the
 * 7k-file monorepo) crosses to the worker this way, moved rather than copied, and is decoded a
 * row at a time: cloned as strings it sat in memory twice more (the message, then the worker's
 * strings), ~110 MB over the scan's peak.
 */
export interface PackedTexts {
  bytes: Uint8Array;
  ends: Uint32Array;
}

export interface RowsJob {
  /** The fresh file, closed by the scan thread (it holds one connection at a time). */
  file: string;
  rows: Omit<SnapshotRows, 'nodeJsons' | 'edgeJsons'>;
  nodeJsons: PackedTexts;
  edgeJsons: PackedTexts;
  /** Created once the rows are in, as completeFresh would. */
  indexes: FreshIndex['indexes'];
}

export interface RowsAside {
  done: Promise<void>;
  /** Stops the worker (a scan that fails before the rows are in; the fresh file is dropped). */
  stop(): void;
}

/** Whether the worker can start: it is a compiled file next to this one, absent when running from sources. */
export const canWriteAside = (): boolean => import.meta.url.endsWith('.js');

export function writeRowsAside(file: string, rows: SnapshotRows, indexes: FreshIndex['indexes']): RowsAside {
  const { nodeJsons, edgeJsons, ...rest } = rows;
  const job: RowsJob = {
    file,
    rows: rest,
    nodeJsons: packTexts(rows.nodes.length, nodeJsons),
    edgeJsons: packTexts(rows.edges.id.length, edgeJsons),
    indexes,
  };
  let stopped = false;
  let stopWorker = () => {
    stopped = true;
  };
  const done = import('node:worker_threads').then(
    ({ Worker }) =>
      new Promise<void>((resolve, reject) => {
        if (stopped) return reject(new Error('snapshot rows: stopped'));
        // '../store/': the same file from dist/store/ and from the bundled CLI in dist/cli-bundle/.
        const worker = new Worker(new URL('../store/snapshot-worker.js', import.meta.url));
        stopWorker = () => void worker.terminate();
        worker.once('message', (reply: { ok: true } | { ok: false; message: string }) => {
          if (reply.ok) resolve();
          else reject(new Error(`snapshot rows: ${reply.message}`));
          void worker.terminate();
        });
        worker.once('error', reject);
        worker.once('exit', (code) => reject(new Error(`snapshot rows: worker exited with code ${code}`)));
        const moved = [job.nodeJsons, job.edgeJsons].flatMap((t) => [t.bytes.buffer, t.ends.buffer]);
        worker.postMessage(job, moved as ArrayBuffer[]);
      }),
  );
  return { done, stop: () => stopWorker() };
}

export function packTexts(count: number, at: JsonAt): PackedTexts {
  let total = 0;
  for (let i = 0; i < count; i++) total += Buffer.byteLength(at(i));
  // Not from Buffer's shared pool: the whole ArrayBuffer is moved to the worker.
  const bytes = Buffer.allocUnsafeSlow(total);
  const ends = new Uint32Array(count);
  let end = 0;
  for (let i = 0; i < count; i++) {
    end += bytes.write(at(i), end);
    ends[i] = end;
  }
  return { bytes, ends };
}

export function unpackTexts({ bytes, ends }: PackedTexts): JsonAt {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return (i) => buffer.toString('utf8', i === 0 ? 0 : ends[i - 1]!, ends[i]!);
}
