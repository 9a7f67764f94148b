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
        if (o.symbol_roles === scip.SymbolRole.Definition) continue;
        expect(o.symbol_roles).toBe(scip.SymbolRole.Import);
        const external = / \. /.test(o.symbol) && !o.symbol.startsWith('proofmap npm proofmap-root');
        const target = external ? `external ${o.symbol.split(' ')[2]}` : o.symbol;
        actual.push(`${d.relative_path}:${o.range[0]}:${o.range[1]} ${target}`);
      }
    expect(expected.length).toBeGreaterThan(20);
    expect(actual.sort()).toEqual(expected);
  });

  it('defines each module at its start and each named export on its name at its declaration line', () => {
    const byPath = new Map(map.nodes.filter((n) => n.path && n.kind === 'file').map((n) => [n.path!, n]));
    let named = 0;
    let onName = 0;
    for (const d of index.documents) {
      const module = d.symbols[0].symbol as string;
      // biome-ignore lint/suspicious/noExplicitAny: decoded message
      const defs = d.occurrences.filter((o: any) => o.symbol_roles === scip.SymbolRole.Definition);
      const expected = [
        `${module} 0:0:0`,
        ...(byPath.get(d.relative_path)?.exports ?? [])
          .filter((x) => x.name !== '*')
          .map(
            (x) => `${module}${/^[A-Za-z0-9_+\-$]+$/.test(x.name) ? x.name : `\`${x.name}\``}. ${x.line - 1}`,
          ),
      ].sort();
      // biome-ignore lint/suspicious/noExplicitAny: decoded message
      const actual = defs.map((o: any) =>
        o.symbol === module ? `${o.symbol} ${o.range.join(':')}` : `${o.symbol} ${o.range[0]}`,
      );
      expect(actual.sort()).toEqual(expected);
      // Every defined symbol is also described in the Document's symbols.
      const described = new Set(d.symbols.map((s: { symbol: string }) => s.symbol));
      for (const o of defs) expect(described.has(o.symbol)).toBe(true);
      const lines = readFileSync(path.join(dir, d.relative_path), 'utf8').split('\n');
      for (const o of defs) {
        if (o.symbol === module) continue;
        named++;
        // A non-empty range covers exactly the exported name in the source line.
        if (o.range[2] > o.range[1]) {
          onName++;
          const name = o.symbol.slice(module.length, -1).replace(/^`|`$/g, '');
          expect(lines[o.range[0]]!.slice(o.range[1], o.range[2])).toBe(name);
        }
      }
    }
    expect(named).toBeGreaterThan(50);
    // Most declarations name the export on their own line (`export function x`, `export const x`).
    expect(onName / named).toBeGreaterThan(0.8);
  });

  it('puts what SCIP cannot carry into the sidecar, one entry per edge', () => {
    const sidecar = JSON.parse(readFileSync(path.join(dir, '.proofmap', 'index.scip.proofmap.json'), 'utf8'));
    expect(sidecar.schema).toBe('proofmap.scip-sidecar/v1');
    expect(sidecar.edges.map((e: { id: string }) => e.id)).toEqual(map.edges.map((e) => e.id));
    const edge = sidecar.edges.find((e: { occurrence?: unknown }) => e.occurrence);
    expect(edge).toMatchObject({ trust: expect.any(String), evidence: expect.any(Array) });
  });
});
