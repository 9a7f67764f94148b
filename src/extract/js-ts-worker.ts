/** Worker side of the parse pool: extracts the facts of the files it is sent. */
import { parentPort } from 'node:worker_threads';
import { extractModules } from './js-ts.js';

parentPort?.on('message', async (files: { path: string; text: string }[]) => {
  parentPort?.postMessage(await extractModules(files));
});
