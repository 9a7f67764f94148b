/**
 * The scan's last two computations over the finished graph: signals (centrality, canonicality,
 * cycles, area suggestions, severities) and the gate's per-file entries. On a large map they run
 * on a second thread while the main one guards, writes map.json and fills the index — on the
 * two cores these machines have, ~1.5 s of the 7k-file cold scan leave its critical path. The
 * worker gets the graph in columns (signals-graph.ts) and sends back plain data.
 */
import { Worker } from 'node:worker_threads';
import { type GateRow, type GateSeal, sealedGateRows } from '../gate/entry-rows.js';
import { type GateThresholds, gateEntries } from '../gate/severity-cache.js';
import type { ProofMap } from '../map/schema.js';
import { WORKER_YOUNG_GENERATION } from '../model/young-generation.js';
import type { SeverityThresholds } from './severity.js';
import { computeSignals, type Signals } from './signals.js';
import { graphNodesAndEdges, type SignalsGraph, signalsGraph, withCycleEvidence } from './signals-graph.js';

export interface SignalsJob {
  /** The graph, for a worker; inline, the nodes and edges at hand are read instead. */
  graph?: SignalsGraph;
  zones: ProofMap['zones'];
  thresholds: SeverityThresholds;
  gate: GateThresholds;
  /** What the gate's entry rows are sealed with (store/gate-cache.ts gateSeal). */
  seal: GateSeal;
  /** Signals the previous scan computed for this very graph: only the gate entries are new. */
  reuse?: Signals;
}

export interface SignalsResult {
  signals: Signals;
  /** The gate's entries as sealed index rows, ready for writeGateCache. */
  rows: GateRow[];
}

/** Below this many edges a thread costs more (~50 ms to start, plus the copy) than it saves. */
export const MIN_EDGES_FOR_WORKER = 20_000;

export function runSignalsJob(job: SignalsJob, parsed?: Pick<ProofMap, 'nodes' | 'edges'>): SignalsResult {
  const map = { zones: job.zones, ...(parsed ?? graphNodesAndEdges(job.graph!)) } as ProofMap;
  const signals = job.reuse ?? computeSignals(map, { thresholds: job.thresholds });
  const centrality = new Map(Object.entries(signals.centrality.values));
  return { signals, rows: sealedGateRows(gateEntries(map, centrality, job.gate), job.seal) };
}

/**
 * A worker started ahead of its job, so that its start (a thread, then the graph modules, ~0.1 s)
 * overlaps the stages before the graph exists. Unreferenced until it gets a job: a scan that
 * fails before then cannot be kept alive by it. Undefined where the worker file cannot exist
 * (running from sources).
 */
export function prestartSignalsWorker(): Worker | undefined {
  if (!import.meta.url.endsWith('.js')) return undefined;
  // '../graph/': the same file from dist/graph/ and from the bundled CLI in dist/cli-bundle/.
  const worker = new Worker(new URL('../graph/signals-worker.js', import.meta.url), {
    resourceLimits: WORKER_YOUNG_GENERATION,
  });
  worker.unref();
  // An error before a job is attached (none is expected) must not surface as unhandled.
  worker.on('error', () => {});
  return worker;
}

/**
 * Starts the job over `parsed` (the map's nodes and the edges signals read): on a worker thread
 * for a large graph when running compiled (the worker is a compiled file next to this one), or on
 * `warm` whatever the graph's size (its start is already paid), else inline on first await.
 */
export function startSignalsJob(
  settings: Omit<SignalsJob, 'graph'>,
  parsed: Pick<ProofMap, 'nodes' | 'edges'>,
  warm?: Worker,
): Promise<SignalsResult> {
  const compiled = import.meta.url.endsWith('.js');
  if (!warm && (!compiled || parsed.edges.length < MIN_EDGES_FOR_WORKER)) {
    return Promise.resolve().then(() => runSignalsJob(settings, parsed));
  }
  const job: SignalsJob = { ...settings, graph: signalsGraph(parsed.nodes, parsed.edges) };
  return new Promise((resolve, reject) => {
    const worker = warm ?? prestartSignalsWorker()!;
    worker.ref();
    worker.once('message', (result: SignalsResult) => {
      // Reused signals came with their evidence; computed ones hold lines only (signals-graph.ts).
      if (!job.reuse) withCycleEvidence(result.signals, parsed.edges);
      resolve(result);
      void worker.terminate();
    });
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (code !== 0) reject(new Error(`signals worker exited with code ${code}`));
    });
    worker.postMessage(job);
  });
}
