/**
 * The cross-check is the resolver's calibration: on proofmap's own repository, on each resolver
 * fixture and on real packages from node_modules under three resolution modes, proofmap's
 * file→file edges must agree with ts.resolveModuleName at ≥ 99.5 %, and every disagreement left
 * must carry a cause and a note. A planted wrong resolution must be caught and named.
 */
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ts from 'typescript';
import { afterAll, describe, expect, it } from 'vitest';
import { crosscheck } from '../../src/crosscheck/compare.js';
import { runCrosscheck, type TypeScriptApi } from '../../src/crosscheck/index.js';
import { createTscResolver } from '../../src/crosscheck/tsc.js';
import { extractModule } from '../../src/extract/js-ts.js';
import { createResolver, type Resolver } from '../../src/resolve/index.js';
import { fixtureDir, fixtureInput } from '../resolve/fixture.js';

const api = ts as unknown as TypeScriptApi;
const repo = path.resolve(import.meta.dirname, '../..');
const nodeModules = path.join(repo, 'node_modules');

const made: string[] = [];
afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

/** A copy of `source` in a temp folder with extra files written into it (removed after the file). */
function copyWith(source: string, extra: Record<string, string>, links: Record<string, string> = {}): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'proofmap-crosscheck-'));
  made.push(dir);
  cpSync(source, dir, { recursive: true });
  for (const [rel, text] of Object.entries(extra)) writeFileSync(path.join(dir, rel), text);
  for (const [rel, target] of Object.entries(links)) {
    mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    symlinkSync(target, path.join(dir, rel));
  }
  return dir;
}

const explained = (r: Awaited<ReturnType<typeof runCrosscheck>>) =>
  r.disagreements.filter((d) => !d.cause || d.note.length < 10 || !d.line);

describe('crosscheck: calibration against the TypeScript compiler', () => {
  const targets: [string, () => string, number][] = [
    ["proofmap's own repository (NodeNext)", () => repo, 1000],
    [
      'fixture exports-browser-before-import (workspaces linked as npm would)',
      () =>
        copyWith(
          fixtureDir('exports-browser-before-import'),
          {},
          { 'node_modules/@acme/config': '../../packages/config' },
        ),
      8,
    ],
    ['fixture nodenext-esm-no-probing', () => fixtureDir('nodenext-esm-no-probing'), 5],
    ['fixture explicit-ts-extensions', () => fixtureDir('explicit-ts-extensions'), 7],
    ['fixture module-augmentation', () => fixtureDir('module-augmentation'), 1],
    [
      'node_modules/@modelcontextprotocol/sdk/dist/esm under nodenext',
      () =>
        copyWith(path.join(nodeModules, '@modelcontextprotocol/sdk/dist/esm'), {
          'tsconfig.json': '{ "compilerOptions": { "module": "nodenext", "moduleResolution": "nodenext" } }',
        }),
      300,
    ],
    [
      'node_modules/@modelcontextprotocol/sdk/dist/cjs under node10 (module commonjs)',
      () =>
        copyWith(path.join(nodeModules, '@modelcontextprotocol/sdk/dist/cjs'), {
          'tsconfig.json': '{ "compilerOptions": { "module": "commonjs" } }',
        }),
      300,
    ],
    [
      'node_modules/zod/src under bundler',
      () =>
        copyWith(path.join(nodeModules, 'zod/src'), {
          'tsconfig.json': '{ "compilerOptions": { "module": "esnext", "moduleResolution": "bundler" } }',
        }),
      500,
    ],
    [
      'node_modules/hono/dist under nodenext (augmentations of ../..)',
      () =>
        copyWith(path.join(nodeModules, 'hono/dist'), {
          'tsconfig.json': '{ "compilerOptions": { "module": "nodenext", "moduleResolution": "nodenext" } }',
        }),
      900,
    ],
  ];

  for (const [name, dir, minPairs] of targets) {
    it.skipIf(name.startsWith('node_modules') && !existsSync(nodeModules))(name, async () => {
      const r = await runCrosscheck(dir(), api);
      console.log(
        `${name}: ${r.specifiers} specifiers, pairs proofmap ${r.pairs.proofmap} tsc ${r.pairs.tsc} both ${r.pairs.both}; ` +
          `P ${(r.precision * 100).toFixed(2)}% R ${(r.recall * 100).toFixed(2)}% agreement ${(r.agreement * 100).toFixed(2)}%` +
          (r.disagreements.length
            ? `\n  ${r.disagreements.map((d) => `${d.cause} ${d.from}:${d.line} ${d.specifier}`).join('\n  ')}`
            : ''),
      );
      expect(r.pairs.tsc).toBeGreaterThanOrEqual(minPairs);
      expect(r.agreement).toBeGreaterThanOrEqual(0.995);
      expect(explained(r)).toEqual([]);
    });
  }
});

describe('crosscheck: what it catches', () => {
  const input = fixtureInput('exports-browser-before-import');
  const root = copyWith(input.root, {}, { 'node_modules/@acme/config': '../../packages/config' });
  const files = input.files;
  const readText = input.readText;
  const imports = new Map(
    [...files].filter((f) => f.endsWith('.ts')).map((f) => [f, extractModule(f, readText(f) ?? '').imports]),
  );
  const run = (resolver: Resolver) =>
    crosscheck({ files, readText, imports, resolver, tsc: createTscResolver(api, root, files) });

  it('agrees fully with the real resolver', () => {
    const r = run(createResolver({ root, files, readText }));
    expect(r.disagreements).toEqual([]);
    expect(r.declarations).toBeGreaterThan(0);
  });

  it('names a browser build taken for a server import as a condition disagreement, with file:line', () => {
    const real = createResolver({ root, files, readText });
    // The bug of issue 13 §2, planted: a resolver that takes the `browser` condition.
    const planted: Resolver = {
      ...real,
      resolve: (from, specifier, opts) =>
        specifier === '@acme/config' && !opts?.typeOnly && opts?.syntax !== 'require'
          ? { kind: 'file', path: 'packages/config/src/browser.ts', condition: 'browser' }
          : real.resolve(from, specifier, opts),
    };
    const r = run(planted);
    const server = r.disagreements.filter((d) => d.from === 'packages/server/src/server.ts');
    expect(server.map((d) => [d.cause, d.line, d.proofmap, d.tsc])).toEqual([
      ['condition', 1, 'packages/config/src/browser.ts', 'packages/config/src/index.d.ts'],
      ['condition', 4, 'packages/config/src/browser.ts', 'packages/config/src/index.d.ts'],
    ]);
    expect(r.agreement).toBeLessThan(1);
  });

  it('samples a seeded, repeatable subset with --sample', () => {
    const real = createResolver({ root, files, readText });
    const a = crosscheck({
      files,
      readText,
      imports,
      resolver: real,
      tsc: createTscResolver(api, root, files),
      sample: 4,
      seed: 7,
    });
    const b = crosscheck({
      files,
      readText,
      imports,
      resolver: real,
      tsc: createTscResolver(api, root, files),
      sample: 4,
      seed: 7,
    });
    expect(a.compared).toBe(4);
    expect(a.specifiers).toBeGreaterThan(4);
    expect(a).toEqual(b);
  });
});
