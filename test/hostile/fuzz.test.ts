/**
 * Issue 22, fuzz: hook stdin, configuration files and Markdown from seeded generators. Whatever
 * the input: no crash, no hang past a bound, and the output is valid hook JSON or a one-line
 * error. Seeded with a fixed number of runs, so CI time is bounded and a failure replays exactly
 * (fast-check prints the seed and the shrunk counterexample).
 */
import { execFileSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { gateCommand } from '../../src/cli/commands/gate.js';
import type { Io } from '../../src/cli/io.js';
import { parseConfig } from '../../src/discover/config.js';
import { extractDoc } from '../../src/extract/markdown.js';
import { ProofmapError } from '../../src/model/errors.js';
import { cli, env, gatedRepo, hookRaw } from './hook-harness.js';

const SEED = 22;
/** Per input: far above a normal answer (~50 ms), far below "hung". */
const BOUND_MS = 3000;

function captureIo(cwd: string): Io & { out: () => string; err: () => string } {
  let out = '';
  let err = '';
  return {
    cwd,
    env: { ...env },
    stdout: { write: (c: string) => (out += c) },
    stderr: { write: (c: string) => (err += c) },
    out: () => out,
    err: () => err,
  };
}

/** Hook stdout is empty or one JSON object the agent understands. */
function expectHookAnswer(stdout: string): void {
  if (stdout.trim() === '') return;
  const lines = stdout.trim().split('\n');
  expect(lines).toHaveLength(1);
  const answer = JSON.parse(lines[0]!) as {
    hookSpecificOutput?: { hookEventName?: string };
    proofmap?: string;
  };
  if (answer.proofmap === 'gate') return; // the install probe's answer
  expect(['PreToolUse', 'PostToolUse']).toContain(answer.hookSpecificOutput?.hookEventName);
}

function hookEvents(root: string) {
  const file = fc.constantFrom(
    'src/core.ts',
    'src/a.ts',
    path.join(root, 'src/core.ts'),
    path.join(root, 'src/fifo.ts'),
    path.join(root, '.proofmap/index.db'),
    path.join(root, 'src'),
    '../outside.ts',
    '/etc/passwd',
    '/dev/zero',
    'src/\u0000x.ts',
    'x'.repeat(5000),
    '',
  );
  const event = fc.record(
    {
      session_id: fc.oneof(fc.string(), fc.integer(), fc.constant(null)),
      transcript_path: fc.string(),
      cwd: fc.oneof(fc.constant(root), fc.constant('/'), fc.string(), fc.integer()),
      hook_event_name: fc.constantFrom(
        'PreToolUse',
        'PostToolUse',
        'Stop',
        '',
        'pretooluse',
        'ProofmapInstallProbe',
      ),
      tool_name: fc.constantFrom('Write', 'Edit', 'MultiEdit', 'NotebookEdit', 'Read', 'Bash', ''),
      tool_input: fc.oneof(
        fc.record({ file_path: file, content: fc.string() }, { requiredKeys: [] }),
        fc.record({ notebook_path: file }),
        fc.jsonValue(),
      ),
      tool_response: fc.jsonValue(),
      tool_use_id: fc.oneof(fc.string(), fc.constant('toolu_1')),
    },
    { requiredKeys: [] },
  );
  return fc.oneof(
    { weight: 4, arbitrary: event.map((e) => JSON.stringify(e)) },
    { weight: 1, arbitrary: fc.tuple(event, fc.nat()).map(([e, n]) => JSON.stringify(e).slice(0, n)) },
    { weight: 1, arbitrary: fc.jsonValue().map((v) => JSON.stringify(v)) },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 400 }) },
  );
}

describe('fuzz: hook stdin', () => {
  it('answers every generated event in-process with hook JSON or nothing', { timeout: 60_000 }, async () => {
    const root = gatedRepo();
    expect(cli(root, ['scan']).status).toBe(0);
    execFileSync('mkfifo', [path.join(root, 'src/fifo.ts')]);
    await fc.assert(
      fc.asyncProperty(hookEvents(root), async (input) => {
        const io = captureIo(root);
        const started = Date.now();
        const { exitCode } = await gateCommand(['--claude'], io, () => input);
        expect(Date.now() - started).toBeLessThan(BOUND_MS);
        // Exit 1 is Claude Code's non-blocking error: one line on stderr, the edit goes on.
        expect([0, 1]).toContain(exitCode);
        if (exitCode === 1) expect(io.err().trim().split('\n')).toHaveLength(1);
        expectHookAnswer(io.out());
      }),
      { seed: SEED, numRuns: 150 },
    );
  });

  it('answers as the installed hook command too', { timeout: 60_000 }, () => {
    const root = gatedRepo();
    expect(cli(root, ['scan']).status).toBe(0);
    const inputs = fc.sample(hookEvents(root), { seed: SEED, numRuns: 12 });
    for (const input of inputs) {
      const run = hookRaw(root, input);
      expect([0, 1], input.slice(0, 200)).toContain(run.status);
      if (run.status === 1) expect(run.stderr.trim().split('\n')).toHaveLength(1);
    }
  });
});

const YAML_BITS = [
  'gate:\n',
  '  block: true\n',
  '  fanIn: 1e306\n',
  'areas:\n',
  '  - path: src\n',
  '  - [null]\n',
  'rules:\n',
  '  - forbid: { from: "(a|aa)+$", to: "x" }\n',
  'a: &a [1, 2]\n',
  'b: [*a, *a, *a]\n',
  '? complex\n',
  ': value\n',
  '!!binary aGVsbG8=\n',
  '"\\u0000": 1\n',
  '{',
  '[',
  '- ',
  '  ',
  '\t',
  '# comment\n',
  '---\n',
  '...\n',
];

describe('fuzz: configuration files', () => {
  it('parses every generated config or says in one line what is wrong with it', { timeout: 60_000 }, () => {
    const yamlish = fc.array(fc.constantFrom(...YAML_BITS), { maxLength: 40 }).map((bits) => bits.join(''));
    const text = fc.oneof(
      yamlish,
      fc.jsonValue().map((v) => JSON.stringify(v)),
      fc.string({ maxLength: 300 }),
    );
    fc.assert(
      fc.property(fc.constantFrom('proofmap.config.json', 'proofmap.config.yaml'), text, (file, source) => {
        const started = Date.now();
        try {
          parseConfig(file, source);
        } catch (error) {
          expect(error).toBeInstanceOf(ProofmapError);
          expect((error as Error).message).not.toMatch(/\n/);
        }
        expect(Date.now() - started).toBeLessThan(BOUND_MS);
      }),
      { seed: SEED, numRuns: 400 },
    );
  });

  it('the CLI exits 0, 1 or 2 with a one-line error on a generated config file', { timeout: 60_000 }, () => {
    const root = gatedRepo();
    const configs = fc.sample(fc.array(fc.constantFrom(...YAML_BITS), { maxLength: 30 }), {
      seed: SEED,
      numRuns: 6,
    });
    for (const bits of configs) {
      // gatedRepo's JSON config would win over the YAML one.
      rmSync(path.join(root, 'proofmap.config.json'), { force: true });
      writeFileSync(path.join(root, 'proofmap.config.yaml'), bits.join(''));
      const run = cli(root, ['scan']);
      expect([0, 1, 2], run.stderr).toContain(run.status);
      if (run.status === 2) expect(run.stderr.trim().split('\n')[0]).toMatch(/^proofmap: /);
    }
  });
});

const MARKDOWN_BITS = [
  '>',
  '> ',
  '[',
  ']',
  '(',
  ')',
  '![',
  '](src/core.ts)',
  '[a](b.md)',
  '<http://a',
  '<a href="x">',
  '`',
  '```\n',
  '*',
  '_',
  '|',
  '| --- |\n',
  '\n',
  '- ',
  '1. ',
  '    ',
  '# ',
  '<!--',
  '-->',
  '---\n',
  '&amp;',
  '\\',
  'src/core.ts',
  '[^1]',
  '[r]: ./x.md\n',
  'x',
];

describe('fuzz: Markdown', () => {
  it('extracts every generated document in bounded time with positioned facts', { timeout: 90_000 }, () => {
    const doc = fc
      .array(fc.tuple(fc.constantFrom(...MARKDOWN_BITS), fc.integer({ min: 1, max: 400 })), { maxLength: 60 })
      .map((runs) => runs.map(([bit, n]) => bit.repeat(n)).join(''));
    fc.assert(
      fc.property(doc, (text) => {
        const started = Date.now();
        const facts = extractDoc('fuzz.md', text);
        expect(Date.now() - started).toBeLessThan(BOUND_MS);
        const lines = text.split('\n').length;
        for (const link of facts.links) {
          expect(link.line).toBeGreaterThanOrEqual(1);
          expect(link.line).toBeLessThanOrEqual(lines);
        }
        for (const c of facts.coverage) expect(c.reason.length).toBeGreaterThan(0);
      }),
      { seed: SEED, numRuns: 120 },
    );
  });
});
