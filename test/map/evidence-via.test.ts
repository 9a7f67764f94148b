/** Issue 13: an import edge's evidence says which condition chose its target and how it was found. */
import { cpSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { scan } from '../../src/scan.js';

describe('via and condition in map.json evidence (exports-browser-before-import)', () => {
  it('a server import of a workspace package records via workspace and condition import', async () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'proofmap-via-'));
    cpSync(new URL('../fixtures/exports-browser-before-import', import.meta.url), root, { recursive: true });
    const { map } = await scan({ root, write: false });
    const key = new Map(map.nodes.map((n) => [n.id, n.key]));
    const rows = map.edges
      .filter(
        (e) =>
          key.get(e.from) === 'packages/server/src/server.ts' &&
          e.namespace === 'code-dep' &&
          e.relation !== 'uses',
      )
      .map(
        (e) =>
          `${e.relation} ${key.get(e.to)} ${e.evidence.map((v) => `${v.line}:${v.via}:${v.condition}`).join(',')}`,
      )
      .sort();
    expect(rows).toEqual([
      'dynamic-imports packages/config/src/index.ts 4:workspace:import',
      'imports packages/config/src/index.ts 1:workspace:import',
      'imports packages/config/src/runtime.ts 3:workspace:default',
      'requires packages/config/src/index.cjs 5:workspace:require',
      'type-imports packages/config/src/index.d.ts 2:workspace:types',
    ]);
    expect(map.meta.status).toBe('confirmed');
  });
});
