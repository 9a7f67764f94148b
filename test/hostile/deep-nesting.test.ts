/**
 * Issue 22 item 1: ~8,000 levels of nesting in a 20 KB .ts file made oxc die with SIGSEGV, which
 * took down scan, check, claims, the MCP server and the PostToolUse hook, and every later scan.
 * The pre-scan (js-ts-depth.ts) sends such files to a child process with a large stack: their
 * facts still arrive, and when the parser dies anyway the file is coverage `parser-crashed`.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { call, connect, ensureBuilt } from '../mcp/fixture.js';
import { cli, env, gatedRepo, hookRaw } from './hook-harness.js';

const LEVELS = 8000;
/** Each of the four shapes crashed oxc at 8,000 levels (measured: parentheses from ~6,000). */
const DEEP: Record<string, string> = {
  'src/paren.ts': `import { core } from './core.js';\nexport const p = ${'('.repeat(LEVELS)}core${')'.repeat(LEVELS)};\n`,
  'src/bracket.ts': `import { core } from './core.js';\nexport const q = ${'['.repeat(LEVELS * 2)}core${']'.repeat(LEVELS * 2)};\n`,
  'src/object.ts': `import { core } from './core.js';\nexport const o = ${'{a:'.repeat(LEVELS)}core${'}'.repeat(LEVELS)};\n`,
  'src/template.ts': `import { core } from './core.js';\nexport const t = ${'`${'.repeat(LEVELS)}core${'}`'.repeat(LEVELS)};\n`,
};

function deepRepo(): string {
  const root = gatedRepo();
  for (const [rel, text] of Object.entries(DEEP)) writeFileSync(path.join(root, rel), text);
  return root;
}

interface MapFile {
  edges: { relation: string; evidence: { path: string; line?: number }[] }[];
  coverage: { analyzer: string; scope: string; status: string; reason: string }[];
}
const readMap = (root: string): MapFile =>
  JSON.parse(readFileSync(path.join(root, '.proofmap/map.json'), 'utf8'));
const importers = (map: MapFile) =>
  map.edges
    .filter((e) => e.relation === 'imports')
    .map((e) => `${e.evidence[0]!.path}:${e.evidence[0]!.line}`)
    .sort();

/** A child stack too small for the hostile files: the parser really dies, in the child. */
const CRASH = { PROOFMAP_PARSE_STACK_MB: '2' };

describe('hostile item 1: deep nesting', () => {
  it('scans 8,000-deep files with their imports, twice, and check and claims answer', {
    timeout: 30_000,
  }, () => {
    const root = deepRepo();
    for (const pass of [1, 2]) {
      const scan = cli(root, ['scan']);
      expect(scan.status, `${pass}: ${scan.stderr}`).toBe(0);
    }
    const map = readMap(root);
    expect(importers(map)).toEqual([
      'src/a.ts:1',
      'src/b.ts:1',
      'src/bracket.ts:1',
      'src/c.ts:1',
      'src/object.ts:1',
      'src/paren.ts:1',
      'src/template.ts:1',
    ]);
    expect(map.coverage.filter((c) => c.analyzer === 'js-ts')).toEqual([]);
    expect(cli(root, ['check']).status).toBeLessThanOrEqual(1);
    expect(cli(root, ['claims']).status).toBeLessThanOrEqual(1);
  });

  it('records a file the parser dies on as parser-crashed and keeps every other file', {
    timeout: 30_000,
  }, () => {
    const root = deepRepo();
    const scan = cli(root, ['scan'], CRASH);
    expect(scan.status, scan.stderr).toBe(0);
    const map = readMap(root);
    expect(importers(map)).toEqual(['src/a.ts:1', 'src/b.ts:1', 'src/c.ts:1']);
    const crashed = map.coverage.filter((c) => c.status === 'parser-crashed');
    expect(crashed.map((c) => c.scope)).toEqual(Object.keys(DEEP).sort());
    for (const c of crashed) {
      expect(c).toMatchObject({ analyzer: 'js-ts' });
      expect(c.reason).toBe('The file killed the parser (SIGSEGV); no imports or exports were read.');
    }
  });

  it('refuses 60,000 levels without running any parser', { timeout: 20_000 }, () => {
    const root = gatedRepo();
    writeFileSync(
      path.join(root, 'src/huge.ts'),
      `export const h = ${'('.repeat(60_000)}1${')'.repeat(60_000)};\n`,
    );
    expect(cli(root, ['scan']).status).toBe(0);
    expect(readMap(root).coverage.filter((c) => c.scope === 'src/huge.ts')).toEqual([
      {
        analyzer: 'js-ts',
        scope: 'src/huge.ts',
        status: 'too-complex',
        reason:
          'The file was not parsed: it nests or chains 60000 levels deep, past what any parser here survives.',
      },
    ]);
  });

  it('answers the PostToolUse hook after an edit writes a deep file', { timeout: 20_000 }, () => {
    const root = gatedRepo();
    expect(cli(root, ['scan']).status).toBe(0);
    // core.ts is imported three times; the edit drops its export inside 8,000 parentheses.
    const file = path.join(root, 'src/core.ts');
    writeFileSync(file, `export const other = ${'('.repeat(LEVELS)}1${')'.repeat(LEVELS)};\n`);
    for (const extra of [{}, CRASH]) {
      const run = hookRaw(
        root,
        JSON.stringify({
          session_id: 's1',
          transcript_path: path.join(env.HOME, 't.jsonl'),
          cwd: root,
          hook_event_name: 'PostToolUse',
          tool_name: 'Write',
          tool_input: { file_path: file, content: 'x' },
          tool_response: { filePath: file, success: true },
          tool_use_id: 'toolu_deep',
        }),
        extra,
      );
      expect(run.status, run.stderr).toBe(0);
      if (extra === CRASH) expect(run.context).toBeUndefined();
      else expect(run.context).toMatch(/core/);
    }
  });
});

describe('hostile item 1: deep nesting over MCP', () => {
  let close: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await close?.();
  });

  it('map_rescan picks up a deep file and the server keeps answering', { timeout: 30_000 }, async () => {
    ensureBuilt();
    const root = gatedRepo();
    expect(cli(root, ['scan']).status).toBe(0);
    const client = await connect(root);
    close = () => client.close();
    for (const [rel, text] of Object.entries(DEEP)) writeFileSync(path.join(root, rel), text);
    const rescan = await call(client, 'map_rescan');
    expect(rescan.result.isError, rescan.text).toBeFalsy();
    expect(importers(readMap(root))).toContain('src/template.ts:1');
    const after = await call(client, 'map_impact', { target: 'src/core.ts' });
    expect(after.result.isError, after.text).toBeFalsy();
  });
});
