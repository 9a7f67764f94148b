import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MapWriter } from '../../src/resident/map-writer.js';
import type { PendingMap } from '../../src/scan-delta.js';
import { fileStamp } from '../../src/scan-support.js';
import { tmpRepo } from '../helpers/tmp-repo.js';

const pending = (text: string): PendingMap => ({
  chunks: [Buffer.from(text.slice(0, 3)), Buffer.from(text.slice(3))],
  meta: {} as PendingMap['meta'],
  record: () => {
    throw new Error('not asked here');
  },
});

describe('MapWriter (a resident’s map.json writes)', () => {
  it('writes one map at a time and, of those handed over meanwhile, only the latest', async () => {
    const root = tmpRepo({});
    mkdirSync(path.join(root, '.proofmap'));
    const written: [string, string][] = [];
    let drained = 0;
    const writer = new MapWriter<PendingMap>(
      root,
      (p, stamp) => written.push([Buffer.concat(p.chunks).toString(), stamp]),
      (error) => {
        throw error;
      },
      () => drained++,
    );
    writer.write(pending('{"first": 1}\n'));
    writer.write(pending('{"second": 2}\n'));
    writer.write(pending('{"third": 3}\n'));
    expect(writer.busy).toBe(true);
    await writer.idle();
    const map = path.join(root, '.proofmap/map.json');
    expect(written.map(([text]) => text)).toEqual(['{"first": 1}\n', '{"third": 3}\n']);
    expect(written.at(-1)?.[1]).toBe(fileStamp(map));
    expect(readFileSync(map, 'utf8')).toBe('{"third": 3}\n');
    expect(readdirSync(path.join(root, '.proofmap')).filter((f) => f.endsWith('.tmp'))).toEqual([]);
    expect(drained).toBe(1);
    expect(writer.busy).toBe(false);
  });
});
