import { describe, expect, it } from 'vitest';
import { unsealRow } from '../../src/gate/policy-seal.js';
import { runSignalsJob, type SignalsJob } from '../../src/graph/signals-job.js';
import { handMap, type Row } from './hand-map.js';

describe('signals and gate entries on a second thread (compiled build)', () => {
  it('are exactly what the scan thread computes, for a graph large enough to use the worker', async () => {
    // The worker only starts from the compiled build (npm test builds before vitest), and only
    // from 20,000 edges: 5,000 files with ~4 imports each.
    const paths = Array.from({ length: 5000 }, (_, i) => `src/m${i}.ts`);
    const rows: Row[] = paths.flatMap((p, i) =>
      [1, 2, 3, 4].map((k): Row => [p, paths[(i * 7 + k * 13 + 1) % paths.length]!]),
    );
    const map = handMap(paths, rows);
    expect(map.edges.length).toBeGreaterThanOrEqual(20_000);
    const job: SignalsJob = {
      zones: map.zones,
      thresholds: {},
      gate: { fanIn: 15, centrality: 0.01 },
      seal: { key: Buffer.alloc(32, 7), root: '/repo' },
    };
    const { startSignalsJob } = await import(
      new URL('../../dist/graph/signals-job.js', import.meta.url).href
    );
    const threaded = await startSignalsJob(job, map);
    const inline = runSignalsJob(job, map);
    expect(threaded).toEqual(inline);
    // On a worker started ahead of its job, as a full scan of a large tree does.
    const { prestartSignalsWorker } = await import(
      new URL('../../dist/graph/signals-job.js', import.meta.url).href
    );
    expect(await startSignalsJob(job, map, prestartSignalsWorker())).toEqual(inline);
    expect(inline.rows.length).toBe(5000);
    // Rows come sealed: the gate reads them back with the same key and root.
    const [name, json] = inline.rows[0]!;
    expect(name).toMatch(/^gate:file:src\/m\d+\.ts$/);
    expect(unsealRow(job.seal.key as Buffer, '/repo', name, JSON.parse(json))).toMatchObject({ exports: [] });
    // The worker gets edges with a line only: each cycle hop's evidence comes whole from the map.
    expect(inline.signals.cycles.items.length).toBeGreaterThan(0);
    expect(threaded.signals.cycles.items[0].evidence[0]).toEqual(
      map.edges.find((e) => e.id === threaded.signals.cycles.items[0].edges[0])!.evidence[0],
    );
    expect(threaded.signals.cycles.items[0].evidence[0].path).toMatch(/^src\/m\d+\.ts$/);
    expect(Object.keys(inline.signals.centrality.values).length).toBe(5000);
  });
});
