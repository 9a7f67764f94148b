import { describe, expect, it } from 'vitest';
import { sealedGateRows } from '../../src/gate/entry-rows.js';
import { sealedJson, sealRow, unsealRow } from '../../src/gate/policy-seal.js';
import { gateEntryKey } from '../../src/gate/settings.js';

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

describe('sealedGateRows', () => {
  it('seals with the key made once exactly as sealRow does with the bytes', () => {
    const entries = rows.filter(([, data]) => !('seal' in data)) as [string, never][];
    const sealed = sealedGateRows(entries, { key: new Uint8Array(key), root: '/repo' });
    expect(sealed.map(([name]) => name)).toEqual(entries.map(([path]) => gateEntryKey(path)));
    for (const [i, [name, json]] of sealed.entries()) {
      expect(json).toBe(JSON.stringify(sealRow(key, '/repo', name, entries[i]![1])));
      expect(unsealRow(key, '/repo', name, JSON.parse(json))).toEqual(entries[i]![1]);
    }
  });
});
