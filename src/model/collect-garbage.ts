/**
 * A full collection at a stage boundary, where the stage's working set has just become garbage.
 * V8 grows a busy heap instead of collecting it: on the generated 7k-file monorepo (issue 23) the
 * main thread's heap reached ~330 MB of which ~100–150 MB was alive, and that garbage is what made
 * the scan's peak RSS. A collection there costs ~100–150 ms of the main thread (marking ~100 MB of
 * live objects at once, where V8's own marks concurrently), so a scan makes few. The collector is
 * reached as Jest's leak detector reaches it: `--expose-gc` for one new context, hidden again
 * unless the process was started with it.
 */
import v8 from 'node:v8';
import vm from 'node:vm';

/** Below this a collection frees too little to matter and would only cost small scans time. */
const WORTH_COLLECTING_BYTES = 64 * 1024 * 1024;

let collect: (() => void) | null | undefined;

export function collectGarbage(): void {
  if (v8.getHeapStatistics().used_heap_size < WORTH_COLLECTING_BYTES) return;
  if (collect === undefined) collect = exposedCollector();
  collect?.();
}

function exposedCollector(): (() => void) | null {
  const global = (globalThis as { gc?: () => void }).gc;
  if (typeof global === 'function') return global;
  v8.setFlagsFromString('--expose-gc');
  try {
    const found = vm.runInNewContext('gc') as unknown;
    return typeof found === 'function' ? (found as () => void) : null;
  } catch {
    return null;
  } finally {
    v8.setFlagsFromString('--no-expose-gc');
  }
}
