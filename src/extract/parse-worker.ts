/** Worker side of the parse pool: extracts the facts of the files it is sent, every language. */
import { parentPort } from 'node:worker_threads';
import { factsJson, type ParseJobs, parseHere } from './parse-pool.js';

parentPort?.on('message', async (jobs: ParseJobs) => {
  try {
    parentPort?.postMessage(factsJson(await parseHere(jobs, { inline: true })));
  } catch (error) {
    // A grammar that fails to load is the scan's error, reported by the calling thread.
    parentPort?.postMessage({ error: (error as Error).message });
  }
});
