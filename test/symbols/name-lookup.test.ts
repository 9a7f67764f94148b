/**
 * The delta's name-at-a-time export resolution (NameLookup) against the full build's tables
 * (ExportResolver): for every name each module of a directory exports, plus names it does not
 * (`default`, an unknown name), the same landing with the same chain — or a ReExportCycle, only
 * where the walk meets a re-export cycle.
 */
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { ModuleFacts } from '../../src/model/facts.js';
import type { ExportGraph } from '../../src/symbols/exports.js';
import { ExportResolver, NameLookup, ReExportCycle } from '../../src/symbols/index.js';
import { proofmapGraph } from './compiler-truth.js';

const FIXTURE = new URL('../fixtures/symbols-reexport-forms', import.meta.url).pathname;
const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

/** Each module's names asked both ways: agreeing landings, and the (module, name) pairs that met a cycle. */
function compare(graph: ExportGraph & { modules: Map<string, ModuleFacts> }) {
  const tables = new ExportResolver(graph);
  const lookup = new NameLookup(graph);
  let agreed = 0;
  const differing: string[] = [];
  const cycles: string[] = [];
  for (const p of [...graph.modules.keys()].sort()) {
    for (const name of [...tables.exportNames(p), 'default', 'noSuchName']) {
      let mine: unknown;
      try {
        mine = lookup.resolve(p, name);
      } catch (error) {
        if (!(error instanceof ReExportCycle)) throw error;
        cycles.push(`${p}#${name}`);
        continue;
      }
      if (JSON.stringify(mine) === JSON.stringify(tables.resolve(p, name))) agreed++;
      else differing.push(`${p}#${name}`);
    }
  }
  return { agreed, differing, cycles };
}

describe('name-at-a-time export lookup', () => {
  it('lands every name of the re-export forms fixture where the tables do, and meets its cycle', () => {
    const { agreed, differing, cycles } = compare(proofmapGraph(FIXTURE));
    expect(differing).toEqual([]);
    expect(agreed).toBeGreaterThan(20);
    // src/cycle-a.ts and src/cycle-b.ts `export *` each other; src/index.ts star-exports cycle-a.
    expect(cycles).toContain('src/cycle-a.ts#noSuchName');
    expect(cycles.every((c) => /^src\/(index|cycle-a|cycle-b)\.ts#/.test(c))).toBe(true);
  });

  it('agrees with the tables on zod v4, sigma and proofmap’s own sources', () => {
    for (const [from, least] of [
      ['node_modules/zod/v4', 12_000],
      ['node_modules/sigma/dist/declarations/src', 300],
      ['src', 1_000],
    ] as const) {
      const d = mkdtempSync(path.join(os.tmpdir(), 'proofmap-lookup-'));
      dirs.push(d);
      cpSync(path.resolve(from), d, { recursive: true });
      const { agreed, differing } = compare(proofmapGraph(d));
      expect(differing).toEqual([]);
      expect(agreed).toBeGreaterThan(least);
    }
  }, 60_000);
});
