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
});
