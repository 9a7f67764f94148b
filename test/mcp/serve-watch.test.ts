/**
 * `proofmap serve --watch` through the SDK's own client: an edit reaches the answers without
 * map_rescan, because the server's watcher applies it as a delta and the session follows the epoch.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENT_SOURCE_ENV, EVENT_SOURCES } from '../../src/resident/events.js';
import { type Client, call, connect, ensureBuilt, scannedRepo } from './fixture.js';

describe.each(EVENT_SOURCES)('proofmap serve --watch, %s events', (events) => {
  let root: string;
  let client: Client;

  beforeAll(async () => {
    ensureBuilt();
    root = await scannedRepo();
    const before = process.env[EVENT_SOURCE_ENV];
    process.env[EVENT_SOURCE_ENV] = events; // the server inherits the environment connect() sees
    try {
      client = await connect(root, ['--watch']);
    } finally {
      if (before === undefined) delete process.env[EVENT_SOURCE_ENV];
      else process.env[EVENT_SOURCE_ENV] = before;
    }
  }, 180_000);

  afterAll(async () => {
    await client?.close();
    if (root) fs.rmSync(root, { recursive: true, force: true });
  });

  it('answers about an edit without map_rescan: fresh, a newer epoch, the new importer counted', async () => {
    const before = await call(client, 'map_impact', { target: 'src/lib/default.ts', importers: true });
    fs.appendFileSync(path.join(root, 'src/lib/named.ts'), "\nimport def from './default.js';\nvoid def;\n");
    let after = before;
    for (let i = 0; i < 200; i++) {
      await new Promise((r) => setTimeout(r, 25));
      after = await call(client, 'map_impact', { target: 'src/lib/default.ts', importers: true });
      if (after.env.freshness.epoch > before.env.freshness.epoch) break;
    }
    expect(after.env.freshness.epoch).toBeGreaterThan(before.env.freshness.epoch);
    expect(after.env.total).toBe(before.env.total + 1);
    const named = await call(client, 'map_impact', { target: 'src/lib/named.ts' });
    expect(named.env.freshness).toMatchObject({ fresh: true, stale: [] });
  }, 60_000);
});
