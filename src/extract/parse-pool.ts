/**
 * Parallel extraction for large repositories, every parsed language in one pool. oxc already
 * parses on libuv's threads, but turning its results into facts runs on the calling thread, and
 * tree-sitter (Python, Go, Rust) parses on it outright; a second thread halves that on the two cores these
 * machines have. Facts cross threads, never trees (a tree lives in its worker's wasm memory). A
 * worker loads a grammar only when its lane has files of that language. Small inputs, and runs
 * from TypeScript sources (tests, where no compiled worker exists), stay on one thread: a worker
 * costs ~50 ms to start, and each grammar ~30 ms more to compile in it.
 */
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { ModuleFacts } from '../model/facts.js';
import { WORKER_YOUNG_GENERATION } from '../model/young-generation.js';
import { extractGoFiles, type GoFacts } from './go.js';
import { extractModules } from './js-ts.js';
import { LANGUAGES, type PackedLane, packLane, unpackJobs } from './parse-lane.js';
import { extractPythonFiles, type PythonFacts } from './python.js';
import { extractRustFiles, type RustFacts } from './rust.js';

export type Job = { path: string; text: string };

/** Files to parse, by language; the answer has the same shape, facts in input order. */
export interface ParseJobs {
  jsTs: Job[];
  python: Job[];
  go: Job[];
  rust: Job[];
}
export interface ParsedFacts {
  jsTs: ModuleFacts[];
  python: PythonFacts[];
  go: GoFacts[];
  rust: RustFacts[];
  /**
   * JSON.stringify of each of the facts above, when they crossed from a worker as JSON: the fact
   * cache stores these strings as they are instead of serialising every fact again here.
   */
  json?: FactsJson;
}
/** Each language's facts as JSON texts, in input order. */
export type FactsJson = Record<(typeof LANGUAGES)[number], string[]>;

/**
 * Work units before a second thread pays for itself: a JS/TS file is one, a tree-sitter file
 * three (parsing it in wasm costs about that much more than oxc's facts pass; bench/languages.js).
 */
const MIN_WORK_FOR_WORKERS = 800;
const TREE_SITTER_WEIGHT = 3;

/**
 * The single-thread extraction: what a worker runs on its lane (`inline`: oxc parses on the
 * worker itself, see extractModules), and the whole job when small.
 */
export async function parseHere(
  jobs: ParseJobs,
  { inline = false }: { inline?: boolean } = {},
): Promise<ParsedFacts> {
  return {
    jsTs: await extractModules(jobs.jsTs, { inline }),
    python: await extractPythonFiles(jobs.python),
    go: await extractGoFiles(jobs.go),
    rust: await extractRustFiles(jobs.rust),
  };
}

export async function parseParallel(jobs: ParseJobs): Promise<ParsedFacts> {
  const threads = Math.min(availableParallelism(), 4);
  const compiled = import.meta.url.endsWith('.js');
  const work =
    jobs.jsTs.length + TREE_SITTER_WEIGHT * (jobs.python.length + jobs.go.length + jobs.rust.length);
  if (threads < 2 || !compiled || work < MIN_WORK_FOR_WORKERS) return parseHere(jobs);
  // Interleaved lanes per language balance sizes without sorting; results go back to their index.
  // Every lane is a worker's: the calling thread meanwhile extracts what it keeps (documents,
  // manifests) and takes the answers in, and a lane of its own would finish last by that much.
  const lanes = Array.from({ length: threads }, (_, lane) => {
    const pick = (files: Job[]) => files.filter((_f, i) => i % threads === lane);
    return { jsTs: pick(jobs.jsTs), python: pick(jobs.python), go: pick(jobs.go), rust: pick(jobs.rust) };
  });
  const json: FactsJson = {
    jsTs: new Array(jobs.jsTs.length),
    python: new Array(jobs.python.length),
    go: new Array(jobs.go.length),
    rust: new Array(jobs.rust.length),
  };
  const out: ParsedFacts = {
    jsTs: new Array(jobs.jsTs.length),
    python: new Array(jobs.python.length),
    go: new Array(jobs.go.length),
    rust: new Array(jobs.rust.length),
    json,
  };
  await Promise.all(
    lanes.map((laneJobs, lane) =>
      inWorker(laneJobs, ({ language, start, texts }) => {
        texts.forEach((text, k) => {
          const at = (start + k) * threads + lane;
          json[language][at] = text;
          (out[language] as unknown[])[at] = JSON.parse(text);
        });
      }),
    ),
  );
  return out;
}

/** JS/TS alone, for callers that parse nothing else. */
export async function extractModulesParallel(files: Job[]): Promise<ModuleFacts[]> {
  return (await parseParallel({ jsTs: files, python: [], go: [], rust: [] })).jsTs;
}

/**
 * What a worker answers: facts as JSON texts. A structured clone of thousands of small objects
 * costs more on both sides than JSON.stringify there and JSON.parse here, and the cache wants the
 * text anyway. (The cache already round-trips every fact through JSON, so the objects downstream
 * are exactly those a warm scan reads back.)
 */
export function factsJson(facts: ParsedFacts): FactsJson {
  const json = {} as FactsJson;
  for (const language of LANGUAGES) json[language] = facts[language].map((f) => JSON.stringify(f));
  return json;
}

/**
 * A worker answers in parts of PART_FILES files, each as soon as it is done: its heap then holds
 * one part's facts, not its whole lane's (measured on a 7k-file repository: a worker's heap grew
 * to ~160 MB holding them, and its collector took ~15 % of its time), and this thread takes each
 * part in while the workers go on. Small parts let a part's facts, texts and parse results die in
 * the worker's nursery instead of outliving two scavenges into its old generation: on the 7k-file
 * monorepo each parse worker's collector time went from 370–540 ms at 256 files to 185–260 ms at
 * 16–64 (Node 20 and 24), the extract stage ~0.2 s shorter on Node 20.
 */
export const PART_FILES = 32;
/** One part of a worker's answer: the JSON texts of `language` files start… of its lane. */
export interface FactsPart {
  language: (typeof LANGUAGES)[number];
  start: number;
  texts: string[];
}
export type WorkerMessage = { part: FactsPart } | { done: true } | { error: string };

/** What a worker runs on its lane: every part in order, then `done`. */
export async function answerInParts(lane: PackedLane, send: (message: WorkerMessage) => void): Promise<void> {
  for (const language of LANGUAGES) {
    const count = lane.paths[language].length;
    for (let start = 0; start < count; start += PART_FILES) {
      const part: ParseJobs = { jsTs: [], python: [], go: [], rust: [] };
      part[language] = unpackJobs(lane, language, start, start + PART_FILES);
      send({
        part: { language, start, texts: factsJson(await parseHere(part, { inline: true }))[language] },
      });
    }
  }
  send({ done: true });
}

function inWorker(jobs: ParseJobs, onPart: (part: FactsPart) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    // '../extract/': the same file from dist/extract/ and from the bundled CLI in dist/cli-bundle/.
    const worker = new Worker(new URL('../extract/parse-worker.js', import.meta.url), {
      resourceLimits: WORKER_YOUNG_GENERATION,
    });
    const end = (error?: Error) => {
      worker.removeAllListeners('message');
      void worker.terminate();
      if (error) reject(error);
      else resolve();
    };
    worker.on('message', (message: WorkerMessage) => {
      if ('part' in message) {
        try {
          onPart(message.part);
        } catch (error) {
          end(error as Error);
        }
      } else end('error' in message ? new Error(message.error) : undefined);
    });
    worker.once('error', reject);
    const lane = packLane(jobs);
    worker.postMessage(lane, [lane.bytes.buffer as ArrayBuffer]);
  });
}
