/**
 * Issue 22 item 1, what the isolated parser left open. Facts are cached by content hash, so a
 * verdict on a file is kept until its bytes change: right for a parser that crashes on those
 * bytes (it will again), wrong for a child killed because the machine was slow. And the child was
 * waited for with spawnSync, so inside `proofmap serve` a map_rescan that met a deep file blocked
 * every other call until the child was done.
 */
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { call, connect, ensureBuilt } from '../mcp/fixture.js';
import { cli, gatedRepo } from './hook-harness.js';

const LEVELS = 8000;
const DEEP = `import { core } from './core.js';\nexport const p = ${'('.repeat(LEVELS)}core${')'.repeat(LEVELS)};\n`;

interface MapFile {
  edges: { relation: string; evidence: { path: string; line?: number }[] }[];
  coverage: { analyzer: string; scope: string; status: string; reason: string }[];
}
const readMap = (root: string): MapFile =>
  JSON.parse(readFileSync(path.join(root, '.proofmap/map.json'), 'utf8'));
const deepImport = (map: MapFile) =>
  map.edges.some((e) => e.relation === 'imports' && e.evidence[0]!.path === 'src/deep.ts');
const deepCoverage = (map: MapFile) =>
  map.coverage.filter((c) => c.scope === 'src/deep.ts').map((c) => [c.status, c.reason]);

function deepRepo(): string {
  const root = gatedRepo();
  writeFileSync(path.join(root, 'src/deep.ts'), DEEP);
  return root;
}

describe('parser-crashed verdicts and the cache', () => {
  it('retries a file whose parse was stopped for time on the next scan', { timeout: 30_000 }, () => {
    const root = deepRepo();
    const slow = cli(root, ['scan'], { PROOFMAP_PARSE_TIMEOUT_MS: '1' });
    expect(slow.status, slow.stderr).toBe(0);
    expect(deepCoverage(readMap(root))).toEqual([
      [
        'parser-crashed',
        'The file was not parsed: the parser was stopped (no answer within 0.001 s); it is parsed again on the next scan.',
      ],
    ]);
    expect(deepImport(readMap(root))).toBe(false);
    // Same bytes, a machine with time: the verdict was not cached, the file is parsed.
    const again = cli(root, ['scan']);
    expect(again.status, again.stderr).toBe(0);
    expect(deepCoverage(readMap(root))).toEqual([]);
    expect(deepImport(readMap(root))).toBe(true);
  });

  it('keeps a crash on the same bytes cached: the parser would die on them again', {
    timeout: 30_000,
  }, () => {
    const root = deepRepo();
    // A 2 MB child stack: the parser really dies, with SIGSEGV, on this file.
    const crash = cli(root, ['scan'], { PROOFMAP_PARSE_STACK_MB: '2' });
    expect(crash.status, crash.stderr).toBe(0);
    const verdict = [
      ['parser-crashed', 'The file killed the parser (SIGSEGV); no imports or exports were read.'],
    ];
    expect(deepCoverage(readMap(root))).toEqual(verdict);
    // The next scan could parse it (full stack), but the bytes did not change: the cached verdict
    // stands, and the file is not handed to a parser again.
    const again = cli(root, ['scan', '--json']);
    expect(again.status, again.stderr).toBe(0);
    expect(deepCoverage(readMap(root))).toEqual(verdict);
    // Changing the bytes parses it afresh.
    writeFileSync(path.join(root, 'src/deep.ts'), `${DEEP}// edited\n`);
    expect(cli(root, ['scan']).status).toBe(0);
    expect(deepCoverage(readMap(root))).toEqual([]);
    expect(deepImport(readMap(root))).toBe(true);
  });
});

describe('the isolated parse inside the MCP server', () => {
  let close: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await close?.();
  });

  it('answers another call while a map_rescan waits for a deep file', { timeout: 60_000 }, async () => {
    ensureBuilt();
    const root = gatedRepo();
    expect(cli(root, ['scan']).status).toBe(0);
    // The parse child (only it) says it started, then sleeps 2 s: a slow deep parse, made visible.
    const dir = mkdtempSync(path.join(os.tmpdir(), 'proofmap-slow-child-'));
    const preload = path.join(dir, 'slow.cjs');
    const startedFile = path.join(dir, 'child-started');
    writeFileSync(
      preload,
      "if (require('node:worker_threads').isMainThread && /parse-isolated-child\\.js$/.test(process.argv[1] ?? '')) {\n" +
        `  require('node:fs').writeFileSync(${JSON.stringify(startedFile)}, '');\n` +
        '  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 2000);\n}\n',
    );
    const saved = process.env.NODE_OPTIONS;
    process.env.NODE_OPTIONS = `--require ${preload}`;
    const client = await connect(root);
    if (saved === undefined) delete process.env.NODE_OPTIONS;
    else process.env.NODE_OPTIONS = saved;
    close = () => client.close();
    writeFileSync(path.join(root, 'src/deep.ts'), DEEP);

    const started = Date.now();
    let rescanEnded = 0;
    const rescan = call(client, 'map_rescan').then((answer) => {
      rescanEnded = Date.now();
      return answer;
    });
    // Whatever fails below, the rescan is awaited before the server is closed.
    close = async () => {
      await rescan.catch(() => undefined);
      await client.close();
    };
    // The other call is sent once the rescan is waiting for its child, not before.
    while (!existsSync(startedFile)) await new Promise((resolve) => setTimeout(resolve, 20));
    const asked = Date.now();
    const other = await call(client, 'map_search', { text: 'core' });
    const otherEnded = Date.now();
    expect(other.result.isError, other.text).toBeFalsy();
    // Answered while the rescan was still waiting for its child, not after it.
    expect(rescanEnded).toBe(0);
    expect(otherEnded - asked).toBeLessThan(1500);
    const done = await rescan;
    expect(done.result.isError, done.text).toBeFalsy();
    expect(rescanEnded - started).toBeGreaterThanOrEqual(2000);
    expect(deepImport(readMap(root))).toBe(true);
  });
});
