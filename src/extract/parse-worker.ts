/** Worker side of the parse pool: extracts the facts of the files it is sent, every language, in parts. */
import { parentPort } from 'node:worker_threads';
import type { PackedLane } from './parse-lane.js';
import { answerInParts, type WorkerMessage } from './parse-pool.js';

parentPort?.on('message', async (lane: PackedLane) => {
  const send = (message: WorkerMessage) => parentPort?.postMessage(message);
  try {
    await answerInParts(lane, send);
  } catch (error) {
    // A grammar that fails to load is the scan's error, reported by the calling thread.
    send({ error: (error as Error).message });
  }
});
