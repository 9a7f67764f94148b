/**
 * Parallel extraction for large repositories. oxc already parses on libuv's threads, but turning
 * its results into facts (and the AST visits) runs on the calling thread; a second thread halves
 * that on the two cores these machines have. Small inputs, and runs from TypeScript sources (tests,
 * where no compiled worker exists), stay on one thread: a worker costs ~50 ms to start.
 */
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { ModuleFacts } from '../model/facts.js';
import { extractModules } from './js-ts.js';

const MIN_FILES_FOR_WORKERS = 800;

type Job = { path: string; text: string };

export async function extractModulesParallel(files: Job[]): Promise<ModuleFacts[]> {
  const threads = Math.min(availableParallelism(), 4);
  const compiled = import.meta.url.endsWith('.js');
  if (threads < 2 || !compiled || files.length < MIN_FILES_FOR_WORKERS) return extractModules(files);
  // Interleaved lanes balance sizes without sorting; results go back to their input index.
  const lanes = Array.from({ length: threads }, (_, lane) =>
    files.map((f, i) => [i, f] as const).filter(([i]) => i % threads === lane),
  );
  const [own, ...others] = lanes;
  const results = new Array<ModuleFacts>(files.length);
  const answers = await Promise.all([
    extractModules(own!.map(([, f]) => f)),
    ...others.map((lane) => inWorker(lane.map(([, f]) => f))),
  ]);
  answers.forEach((facts, lane) => {
    facts.forEach((f, k) => {
      results[lanes[lane]![k]![0]] = f;
    });
  });
  return results;
}

function inWorker(files: Job[]): Promise<ModuleFacts[]> {
  return new Promise((resolve, reject) => {
    // '../extract/': the same file from dist/extract/ and from the bundled CLI in dist/cli-bundle/.
    const worker = new Worker(new URL('../extract/js-ts-worker.js', import.meta.url));
    worker.once('message', (facts: ModuleFacts[]) => {
      resolve(facts);
      void worker.terminate();
    });
    worker.once('error', reject);
    worker.postMessage(files);
  });
}
