/**
 * `proofmap export --format scip` through the built CLI on a real package, decoded by an
 * independent decoder (the google-protobuf bindings shipped in @sourcegraph/scip-typescript):
 * one Document per file, and Import occurrences matching the map's import edges one for one.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCIP_IMPORT_RELATIONS } from '../../src/export/scip.js';
import type { ProofMap } from '../../src/map/schema.js';

const require = createRequire(import.meta.url);
// biome-ignore lint/suspicious/noExplicitAny: untyped generated bindings
const { scip } = require('@sourcegraph/scip-typescript/dist/src/scip.js') as { scip: any };
const BIN = path.resolve('bin/proofmap.js');

describe('export --format scip', () => {
  let dir = '';
  let map: ProofMap;
  // biome-ignore lint/suspicious/noExplicitAny: decoded message
  let index: any;
  beforeAll(() => {
    // Real code nobody here wrote: a package from node_modules, copied so nothing is written into it.
    dir = mkdtempSync(path.join(os.tmpdir(), 'proofmap-scip-'));
    cpSync(path.resolve('node_modules/zod/v4/core'), path.join(dir, 'src'), { recursive: true });
    execFileSync(process.execPath, [BIN, 'scan', dir], { stdio: 'ignore' });
    execFileSync(process.execPath, [BIN, 'export', '--format', 'scip', dir], { stdio: 'ignore' });
    map = JSON.parse(readFileSync(path.join(dir, '.proofmap', 'map.json'), 'utf8'));
    index = scip.Index.deserializeBinary(readFileSync(path.join(dir, '.proofmap', 'index.scip')));
  }, 120_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('has one Document per file, sorted, with a module symbol defined in each', () => {
    const files = [
      ...new Set(
        map.nodes
          .filter((n) => n.path && (n.kind === 'file' || n.kind === 'document' || n.kind === 'artifact'))
          .map((n) => n.path!),
      ),
    ].sort();
    expect(files.length).toBeGreaterThan(20);
    // biome-ignore lint/suspicious/noExplicitAny: decoded message
    expect(index.documents.map((d: any) => d.relative_path)).toEqual(files);
    expect(index.metadata.tool_info.name).toBe('proofmap');
    for (const d of index.documents) expect(d.symbols[0].symbol).toMatch(/^proofmap npm \S+ \S+ .+\/$/);
  });

  it('carries every import edge as exactly one Import occurrence at its specifier', () => {
    const byId = new Map(map.nodes.map((n) => [n.id, n]));
    const moduleOf = new Map<string, string>();
    for (const d of index.documents) moduleOf.set(d.relative_path, d.symbols[0].symbol);
    const expected = map.edges
      .filter((e) => SCIP_IMPORT_RELATIONS.includes(e.relation) && byId.get(e.from)?.path)
      .map((e) => {
        const ev = e.evidence[0]!;
        const to = byId.get(e.to)!;
        const target = to.path && !to.external ? moduleOf.get(to.path) : `external ${to.label}`;
        return `${byId.get(e.from)!.path}:${ev.line! - 1}:${(ev.column ?? 1) - 1} ${target}`;
      })
      .sort();
    const actual: string[] = [];
    for (const d of index.documents)
      for (const o of d.occurrences) {
        expect(o.symbol_roles).toBe(scip.SymbolRole.Import);
        const external = / \. /.test(o.symbol) && !o.symbol.startsWith('proofmap npm proofmap-root');
        const target = external ? `external ${o.symbol.split(' ')[2]}` : o.symbol;
        actual.push(`${d.relative_path}:${o.range[0]}:${o.range[1]} ${target}`);
      }
    expect(expected.length).toBeGreaterThan(20);
    expect(actual.sort()).toEqual(expected);
  });

  it('puts what SCIP cannot carry into the sidecar, one entry per edge', () => {
    const sidecar = JSON.parse(readFileSync(path.join(dir, '.proofmap', 'index.scip.proofmap.json'), 'utf8'));
    expect(sidecar.schema).toBe('proofmap.scip-sidecar/v1');
    expect(sidecar.edges.map((e: { id: string }) => e.id)).toEqual(map.edges.map((e) => e.id));
    const edge = sidecar.edges.find((e: { occurrence?: unknown }) => e.occurrence);
    expect(edge).toMatchObject({ trust: expect.any(String), evidence: expect.any(Array) });
  });
});
