import { describe, expect, it } from 'vitest';
import { sourceFingerprint } from '../../src/map/assemble.js';
import { KeptFingerprint } from '../../src/map/kept-fingerprint.js';
import type { SourceFile } from '../../src/model/facts.js';

const file = (path: string, hash: string): SourceFile => ({ path, hash, role: 'code', size: 1, mtimeMs: 1 });
const listing = (n: number) =>
  Array.from({ length: n }, (_, i) => file(`src/m${String(i).padStart(3, '0')}.ts`, `h${i}`));

describe('KeptFingerprint', () => {
  it('answers what sourceFingerprint answers as files change one by one', () => {
    const kept = new KeptFingerprint();
    const files = listing(50);
    expect(kept.of(files)).toBe(sourceFingerprint(files));
    for (const i of [0, 17, 49, 17]) {
      files[i] = file(files[i]!.path, `${files[i]!.hash}+`);
      expect(kept.of(files)).toBe(sourceFingerprint(files));
    }
  });

  it('starts over for another listing: a path added, removed or replaced, or another order', () => {
    const kept = new KeptFingerprint();
    const files = listing(20);
    kept.of(files);
    const added = [...files, file('src/z.ts', 'z')];
    expect(kept.of(added)).toBe(sourceFingerprint(added));
    const renamed = added.map((f, i) => (i === 3 ? file('src/m003x.ts', f.hash) : f));
    expect(kept.of(renamed)).toBe(sourceFingerprint(renamed));
    const removed = renamed.slice(1);
    expect(kept.of(removed)).toBe(sourceFingerprint(removed));
    // Not in sourceFingerprint's order: it sorts, and nothing is kept to splice into.
    const reversed = [...removed].reverse();
    expect(kept.of(reversed)).toBe(sourceFingerprint(reversed));
    reversed[0] = file(reversed[0]!.path, 'changed');
    expect(kept.of(reversed)).toBe(sourceFingerprint(reversed));
  });
});
