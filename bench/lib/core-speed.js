// How fast each core runs the same JavaScript, pinned with taskset: on a shared virtual machine two
// "cores" need not be equal (on the 2-core bench machine one ran a parse 1.75× slower than the
// other while its sibling was busy), and a tool using both cores is then measured against a
// single-threaded peer on unequal terms. Printed with the results so a reader can tell.
import { spawnSync } from 'node:child_process';
import { availableParallelism } from 'node:os';

// Allocation and string work, like a parse: objects, strings, a JSON round trip.
const WORKLOAD = `
const started = performance.now();
let kept = 0;
for (let round = 0; round < 20; round++) {
  const items = [];
  for (let i = 0; i < 20000; i++) items.push({ id: 'n' + i, size: i % 97, name: 'item-' + (i * 7919) });
  kept += JSON.parse(JSON.stringify(items)).filter((x) => x.size > 40).length;
}
process.stdout.write(String(performance.now() - started) + ' ' + kept);
`;

/**
 * Milliseconds of the workload on each core (index = core), or undefined when cores cannot be
 * pinned here (no taskset, another platform).
 */
export function coreSpeeds() {
  if (process.platform !== 'linux') return undefined;
  const ms = [];
  for (let core = 0; core < availableParallelism(); core++) {
    const run = spawnSync('taskset', ['-c', String(core), process.execPath, '-e', WORKLOAD], {
      encoding: 'utf8',
      timeout: 60_000,
    });
    const took = Number.parseFloat(run.stdout ?? '');
    if (run.status !== 0 || !Number.isFinite(took)) return undefined;
    ms.push(Math.round(took));
  }
  return ms;
}

/** One line: each core's time and how much slower than the fastest it was. */
export function describeCoreSpeeds(ms) {
  if (!ms) return 'core speeds: not measured (taskset unavailable)';
  const fastest = Math.min(...ms);
  return `core speeds (same JS workload pinned to each core): ${ms
    .map((t, core) => `cpu${core} ${t} ms (${(t / fastest).toFixed(2)}×)`)
    .join(', ')}`;
}
