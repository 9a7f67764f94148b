/**
 * Child side of parse-isolated.ts: `node parse-isolated-child.js <out.jsonl>`, the files as JSON on
 * stdin. The parse runs on a worker thread because only a worker's stack size can be chosen
 * (`resourceLimits.stackSizeMb` sizes the thread's native stack, which is where oxc recurses).
 * The worker appends one line of facts per file with a synchronous write, so whatever is on disk
 * when a crash ends the process is exactly the files that were finished.
 */
import { appendFileSync, readFileSync } from 'node:fs';
import { isMainThread, Worker, workerData } from 'node:worker_threads';
import { extractModuleInProcess } from '../extract/js-ts.js';
import { FactSink } from '../extract/js-ts-sink.js';

/** PROOFMAP_PARSE_STACK_MB shrinks it so that tests can watch a parser crash on purpose. */
const STACK_MB = Number(process.env.PROOFMAP_PARSE_STACK_MB) || 320;

interface Order {
  out: string;
  files: { path: string; text: string }[];
}

if (isMainThread) {
  const order: Order = { out: process.argv[2]!, files: JSON.parse(readFileSync(0, 'utf8')) };
  const worker = new Worker(new URL(import.meta.url), {
    workerData: order,
    resourceLimits: { stackSizeMb: STACK_MB },
  });
  worker.on('error', (error) => {
    process.stderr.write(`${error.message}\n`);
    process.exitCode = 3;
  });
} else {
  const { out, files } = workerData as Order;
  for (const { path, text } of files) {
    appendFileSync(out, `${JSON.stringify(extractOrFail(path, text))}\n`);
  }
}

/** Our own AST visit recurses too; its RangeError is an ordinary failure of this one file. */
function extractOrFail(path: string, text: string): ReturnType<typeof extractModuleInProcess> {
  try {
    return extractModuleInProcess(path, text);
  } catch (error) {
    const sink = new FactSink(path, text);
    sink.addFileCoverage('failed', `The extractor failed on this file: ${(error as Error).message}.`);
    return sink.result();
  }
}
