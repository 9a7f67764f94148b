/** Worker side of signals-job.ts: computes the signals and gate entries of the graph it is sent. */
import { parentPort } from 'node:worker_threads';
import { runSignalsJob, type SignalsJob } from './signals-job.js';

parentPort?.once('message', (job: SignalsJob) => {
  parentPort?.postMessage(runSignalsJob(job));
});
