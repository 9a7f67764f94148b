import v8 from 'node:v8';
import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import { collectGarbage } from '../../src/model/collect-garbage.js';

const used = () => v8.getHeapStatistics().used_heap_size;
const MB = 1024 * 1024;

/** ~80 MB of doubles, alive until the call returns: past the size worth collecting. */
function garbageMade(): number {
  const garbage = Array.from({ length: 200 }, (_, i) =>
    Array.from({ length: 50_000 }, (_, j) => i + j + 0.5),
  );
  return garbage.length;
}

describe('collectGarbage', () => {
  it('frees a large heap of garbage at once', () => {
    expect(garbageMade()).toBe(200);
    const before = used();
    collectGarbage();
    // Without a collection the dropped arrays would still be counted.
    expect(before - used()).toBeGreaterThan(40 * MB);
  });

  it('leaves gc hidden from later contexts', () => {
    expect(garbageMade()).toBe(200);
    collectGarbage();
    expect(vm.runInNewContext('typeof gc')).toBe(typeof (globalThis as { gc?: unknown }).gc);
  });
});
