import { describe, expect, it } from 'vitest';
import { sealedJson, sealRow, unsealRow } from '../../src/gate/policy-seal.js';

const key = Buffer.alloc(32, 7);
const rows: [string, object][] = [
  ['empty', {}],
  ['entry', { severity: 'high', fanIn: 3, importers: [{ path: 'src/ü "q".ts', line: 2, names: ['a'] }] }],
  ['numeric keys', { 2: 'b', a: 1, 1: 'a' }],
  ['already sealed', { seal: 'old', x: 1 }],
];

describe('sealedJson', () => {
  it.each(rows)('is the JSON of sealRow, byte for byte, and unseals (%s)', (name, data) => {
    const text = sealedJson(key, '/repo', `gate:file:${name}`, data);
    expect(text).toBe(JSON.stringify(sealRow(key, '/repo', `gate:file:${name}`, data)));
    if (!('seal' in data))
      expect(unsealRow(key, '/repo', `gate:file:${name}`, JSON.parse(text))).toEqual(data);
    expect(unsealRow(key, '/repo', 'gate:file:other', JSON.parse(text))).toBeUndefined();
  });
});
