/**
 * The gate hook's bundle loader (cli/gate-loader.ts, built into dist/gate-hook/loader.cjs): a V8
 * code cache keyed by the bundle's build id, used when present and accepted, rebuilt when absent
 * or refused, and never in the way of running the bundle. Each load is a new process, as each
 * hook event is: inside one process V8's own in-memory cache would answer instead of the file.
 * The bundles are small stand-ins with the real one's shape.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BUILD_MARK, buildId, cachePath, KEEP_CACHES } from '../../src/cli/gate-loader.js';

const loader = path.resolve(new URL('../../dist/gate-hook/loader.cjs', import.meta.url).pathname);

/** One process: load the bundle, call both exports, save the cache; what it saw. */
function loadBundle(file: string, state: string | undefined) {
  const script = `
    const { loadBundle } = require(${JSON.stringify(loader)});
    const b = loadBundle(${JSON.stringify(file)}, ${JSON.stringify(state)});
    b.exports.dep().then((dep) => {
      b.save();
      process.stdout.write(JSON.stringify({ cache: b.cache, value: b.exports.value(), dep }));
    });`;
  const r = spawnSync(process.execPath, ['-e', script], { encoding: 'utf8' });
  expect(r.status, r.stderr).toBe(0);
  return JSON.parse(r.stdout) as { cache: string; value: number; dep: number };
}

const temp = (prefix: string) => mkdtempSync(path.join(os.tmpdir(), prefix));

/** A bundle that exports a value, and an import() through __gateImport as the real build rewrites it. */
function bundle(folder: string, value: number, id?: string) {
  const file = path.join(folder, 'gate.cjs');
  writeFileSync(path.join(folder, 'dep.mjs'), `export const dep = ${value} * 10;\n`);
  const body = [
    'var __gateImport = __gateImport || ((specifier) => import(specifier));',
    `exports.value = () => ${value};`,
    "exports.dep = async () => (await __gateImport('./dep.mjs')).dep;",
    id === undefined ? '' : `${BUILD_MARK}${id}`,
  ].join('\n');
  writeFileSync(file, `${body}\n`);
  return file;
}

describe('the gate bundle loader', () => {
  it('reads the build id from the last line, and only a hex one', () => {
    expect(buildId(`x\n${BUILD_MARK}0123456789abcdef0123\n`)).toBe('0123456789abcdef0123');
    expect(buildId('x\n')).toBeUndefined();
    expect(buildId(`x\n${BUILD_MARK}../../etc/passwd\n`)).toBeUndefined();
  });

  it('compiles and saves a cache on the first run, uses it on the next, and the bundle works both times', () => {
    const state = temp('proofmap-state-');
    const file = bundle(temp('proofmap-bundle-'), 7, 'aaaaaaaaaaaaaaaa');
    expect(loadBundle(file, state)).toEqual({ cache: 'miss', value: 7, dep: 70 });
    expect(existsSync(cachePath(state, 'aaaaaaaaaaaaaaaa'))).toBe(true);
    // dep: the Node 20 trap, a script compiled from a cache has lost its own import() callback.
    expect(loadBundle(file, state)).toEqual({ cache: 'hit', value: 7, dep: 70 });
  });

  it('a cache V8 refuses is compiled past and replaced; another build gets its own cache', () => {
    const state = temp('proofmap-state-');
    const folder = temp('proofmap-bundle-');
    const file = bundle(folder, 1, 'bbbbbbbbbbbbbbbb');
    const target = cachePath(state, 'bbbbbbbbbbbbbbbb');
    loadBundle(file, state);
    writeFileSync(target, Buffer.alloc(4096, 0x5a));
    expect(loadBundle(file, state)).toEqual({ cache: 'rejected', value: 1, dep: 10 });
    expect(loadBundle(file, state).cache).toBe('hit');
    // Same length, other content, other id: never the old cache.
    expect(loadBundle(bundle(folder, 2, 'cccccccccccccccc'), state)).toEqual({
      cache: 'miss',
      value: 2,
      dep: 20,
    });
  });

  it('without a build id or a state folder it just runs the bundle, and writes nothing', () => {
    const state = temp('proofmap-state-');
    expect(loadBundle(bundle(temp('proofmap-bundle-'), 3), state)).toEqual({
      cache: 'off',
      value: 3,
      dep: 30,
    });
    expect(loadBundle(bundle(temp('proofmap-bundle-'), 4, 'dddddddddddddddd'), undefined).cache).toBe('off');
    expect(existsSync(path.join(state, 'code-cache'))).toBe(false);
  });

  it(`keeps at most ${KEEP_CACHES} caches, dropping the oldest`, () => {
    const state = temp('proofmap-state-');
    const folder = path.dirname(cachePath(state, 'x'));
    const old = Array.from({ length: KEEP_CACHES + 3 }, (_, i) => {
      const f = bundle(temp('proofmap-bundle-'), i, `${i.toString(16).padStart(2, '0')}eeeeeeeeeeeeee`);
      loadBundle(f, state);
      const saved = cachePath(state, `${i.toString(16).padStart(2, '0')}eeeeeeeeeeeeee`);
      utimesSync(saved, 1_000 + i, 1_000 + i);
      return saved;
    });
    const latest = bundle(temp('proofmap-bundle-'), 99, 'ffffffffffffffff');
    loadBundle(latest, state);
    const left = readdirSync(folder).map((n) => path.join(folder, n));
    expect(left).toHaveLength(KEEP_CACHES);
    expect(left).toContain(cachePath(state, 'ffffffffffffffff'));
    expect(left).not.toContain(old[0]);
    expect(left).toContain(old.at(-1));
  });
});
