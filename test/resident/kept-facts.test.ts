import { describe, expect, it } from 'vitest';
import type { ModuleFacts } from '../../src/model/facts.js';
import { KeptFacts } from '../../src/resident/kept-facts.js';

const facts = (n: number) => ({ n }) as unknown as ModuleFacts;
const key = (hash: string | number) => `js-ts:.ts\u0000${hash}`;

describe('KeptFacts', () => {
  it('keeps the facts last used, dropping the least recently used past its bound', () => {
    const kept = new KeptFacts();
    kept.set(key('a'), facts(-1));
    for (let i = 0; i < 2047; i++) kept.set(key(i), facts(i));
    expect(kept.get(key('a'))).toEqual(facts(-1)); // used: now the most recent
    kept.set(key('new'), facts(9999));
    expect(kept.get(key('a'))).toEqual(facts(-1));
    expect(kept.get(key(0))).toBeUndefined(); // the least recently used went
    expect(kept.get(key(1))).toEqual(facts(1));
    expect(kept.get(key('new'))).toEqual(facts(9999));
  });
});
