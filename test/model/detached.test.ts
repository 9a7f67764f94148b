import v8 from 'node:v8';
import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import { detached } from '../../src/model/detached.js';

describe('detached', () => {
  it('copies every code unit, lone surrogates included, so map.json keeps its bytes', () => {
    for (const text of [
      'short',
      'import { a } from "./a";',
      `${'é'.repeat(20)}\ud800 tail`,
      `x${'\udfff'.repeat(13)}`,
    ])
      expect(detached(text)).toBe(text);
  });

  it('keeps none of the text it was cut from alive', () => {
    v8.setFlagsFromString('--expose-gc');
    const gc = vm.runInNewContext('gc') as () => void;
    const retainedBy = (copy: (text: string) => string) => {
      gc();
      const before = process.memoryUsage().heapUsed;
      const kept: string[] = [];
      // 20 sources of ~1.6 MB each, an 80-character excerpt of each kept.
      for (let k = 0; k < 20; k++)
        kept.push(copy(`${`line ${k} `.repeat(200_000)}${Math.random()}`.slice(100, 180)));
      gc();
      expect(kept.every((excerpt) => excerpt.length === 80)).toBe(true);
      return process.memoryUsage().heapUsed - before;
    };
    // The check can fail: a plain slice keeps every source (~30 MB). The bound leaves room for
    // one source some engine cache may still hold (measured: 0 or 1.6 MB).
    expect(retainedBy((text) => text)).toBeGreaterThan(20e6);
    expect(retainedBy(detached)).toBeLessThan(4e6);
  });
});
