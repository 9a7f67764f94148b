/**
 * holdYoungGeneration, in a fresh Node process (a new isolate's nursery starts at 1 MB, as the
 * CLI's does), from the built module: the test pool's own process has grown its nursery already.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

const MODULE = pathToFileURL(
  path.join(path.dirname(fileURLToPath(import.meta.url)), '../../dist/model/young-generation.js'),
).href;
const MB = 1024 * 1024;
/** V8 12+ (Node 22, 24) grows the nursery past 16 MB semi-spaces by itself; Node 20's stops there. */
const GROWS_PAST_TARGET = Number(process.versions.v8.split('.')[0]) >= 12;

interface Sizes {
  start: number;
  held: number;
  loaded: number;
  released: number;
}

/** new_space's size at each step: before, once held, after ~1e6 surviving objects, after release and as many more. */
function sizes(hold: boolean, nodeArgs: string[] = []): Sizes {
  const script = `
    import v8 from 'node:v8';
    import { holdYoungGeneration } from ${JSON.stringify(MODULE)};
    const size = () => v8.getHeapSpaceStatistics().find((s) => s.space_name === 'new_space').space_size;
    const load = () => Array.from({ length: 1e6 }, (_, i) => ({ i, s: 'x' + i }));
    const start = size();
    const letGo = ${hold} ? holdYoungGeneration() : () => {};
    const held = size();
    let kept = load();
    const loaded = size();
    letGo();
    kept = load();
    console.log(JSON.stringify({ start, held, loaded, released: size(), n: kept.length }));
  `;
  const run = spawnSync(process.execPath, [...nodeArgs, '--input-type=module', '-e', script], {
    encoding: 'utf8',
  });
  expect(run.stderr).toBe('');
  return JSON.parse(run.stdout) as Sizes;
}

describe('holdYoungGeneration', () => {
  it('grows the nursery to 16 MB semi-spaces at once and keeps it there under load', () => {
    const { start, held, loaded } = sizes(true);
    expect(start).toBeLessThan(32 * MB);
    expect(held).toBe(32 * MB);
    expect(loaded).toBe(32 * MB);
  });

  it('gives V8 its own growth back when let go', () => {
    const { released } = sizes(true);
    if (GROWS_PAST_TARGET) expect(released).toBeGreaterThan(32 * MB);
    else expect(released).toBe(32 * MB);
  });

  it('is what keeps it there: unheld, V8 12+ grows it past the target under the same load', () => {
    const { loaded } = sizes(false);
    if (GROWS_PAST_TARGET) expect(loaded).toBeGreaterThan(32 * MB);
    else expect(loaded).toBeLessThanOrEqual(32 * MB);
  });

  it('starts a worker made during the hold at a nursery it can work in, not the frozen 1 MB', () => {
    const script = `
      import { Worker } from 'node:worker_threads';
      import { holdYoungGeneration } from ${JSON.stringify(MODULE)};
      const letGo = holdYoungGeneration();
      const worker = new Worker(\`
        import v8 from 'node:v8';
        import { parentPort } from 'node:worker_threads';
        const kept = Array.from({ length: 3e5 }, (_, i) => ({ i, s: 'x' + i }));
        const size = v8.getHeapSpaceStatistics().find((s) => s.space_name === 'new_space').space_size;
        parentPort.postMessage({ size, n: kept.length });
      \`, { eval: true, resourceLimits: { maxYoungGenerationSizeMb: 48 } });
      worker.once('message', ({ size }) => { console.log(size); letGo(); worker.terminate(); });
    `;
    const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
    expect(run.stderr).toBe('');
    // At least 8 MB semi-spaces (Node 20's V8 grows it on to 16); without the flag the hold sets,
    // V8 12+ keeps a new worker's at 1 MB (2 MB reported).
    expect(Number(run.stdout)).toBeGreaterThanOrEqual(16 * MB);
  });

  it('leaves a nursery sized on the command line alone', () => {
    const { start, held } = sizes(true, ['--semi-space-growth-factor=2']);
    expect(held).toBe(start);
  });
});
