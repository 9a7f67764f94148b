/**
 * Issue 22 item 4: user patterns that slip past a backtracking heuristic must not hang `check`
 * (they run on RE2), and the rename check must escape export names (`export { x as "(" }`).
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { tmpRepo } from '../helpers/tmp-repo.js';
import { call, connect, ensureBuilt } from '../mcp/fixture.js';
import { cli, env, gatedRepo, hookRaw } from './hook-harness.js';

const LONG = `src/${'a'.repeat(60)}.ts`;
/** Each pattern, and what check must find with it: no node ends in a's, but `a?` and `[a-z]` match "ts". */
const BYPASSES: [string, RegExp][] = [
  ['(a|aa)+$', /unknown-node \(1\)\n {2}rules\[0\] from: \/\(a\|aa\)\+\$\/ matches no file/],
  ['(?:a|aa)+$', /unknown-node \(1\)/],
  ['(a{1,100})+$', /unknown-node \(1\)/],
  ['(.*a){25}$', /unknown-node \(1\)/],
  ['(a|a?)+$', new RegExp(`forbidden-dependency \\(1\\)\\n {2}${LONG}:1: ${LONG} imports src/core\\.ts`)],
  [
    '(?:[a-z]|a)+$',
    new RegExp(`forbidden-dependency \\(1\\)\\n {2}${LONG}:1: ${LONG} imports src/core\\.ts`),
  ],
];

describe('hostile item 4: regular expressions', () => {
  it.each(BYPASSES)(
    'check with rule pattern %s on a path of 60 a’s finishes at once, exit 1',
    (pattern, finding) => {
      const root = tmpRepo({
        'package.json': '{ "name": "app", "private": true }',
        'proofmap.config.json': JSON.stringify({
          entries: ['src/core.ts', LONG],
          rules: [{ kind: 'forbidden', from: { pattern }, to: { path: 'src/core.ts' } }],
        }),
        'src/core.ts': 'export const core = 1;\n',
        [LONG]: "import { core } from './core.js';\nexport const a = core;\n",
      });
      expect(cli(root, ['scan']).status).toBe(0);
      const started = Date.now();
      const r = cli(root, ['check']);
      expect(r.status, r.stderr).toBe(1);
      expect(r.stdout).toMatch(finding);
      expect(Date.now() - started).toBeLessThan(5_000);
    },
  );

  it('the rename check after an edit names a removed export called "(" that is still imported', () => {
    const root = gatedRepo({ fanIn: 3 });
    writeFileSync(
      path.join(root, 'src/core.ts'),
      'const x = 1;\nexport { x as "(" };\nexport const core = 1;\n',
    );
    writeFileSync(
      path.join(root, 'src/a.ts'),
      'import { "(" as y, core } from \'./core.js\';\nexport const a = y + core;\n',
    );
    expect(cli(root, ['scan']).status).toBe(0);
    writeFileSync(path.join(root, 'src/core.ts'), 'export const core = 1;\n');
    const r = hookRaw(
      root,
      JSON.stringify({
        session_id: 's',
        transcript_path: path.join(env.HOME, 't.jsonl'),
        cwd: root,
        hook_event_name: 'PostToolUse',
        tool_name: 'Write',
        tool_input: { file_path: path.join(root, 'src/core.ts'), content: '' },
        tool_response: { success: true },
        tool_use_id: 'toolu_x',
      }),
    );
    expect(r.status, r.stderr).toBe(0);
    expect(r.context).toMatch(/\(.*src\/a\.ts:1/s);
  });
});

describe('hostile item 4 over MCP: map_check with the bypass patterns', () => {
  let close: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await close?.();
  });

  it('answers map_check at once and the server keeps answering', { timeout: 60_000 }, async () => {
    ensureBuilt();
    const root = tmpRepo({
      'package.json': '{ "name": "app", "private": true }',
      'proofmap.config.json': JSON.stringify({
        entries: ['src/core.ts', LONG],
        rules: BYPASSES.map(([pattern]) => ({
          kind: 'forbidden',
          from: { pattern },
          to: { path: 'src/core.ts' },
        })),
      }),
      'src/core.ts': 'export const core = 1;\n',
      [LONG]: "import { core } from './core.js';\nexport const a = core;\n",
    });
    expect(cli(root, ['scan']).status).toBe(0);
    const client = await connect(root);
    close = () => client.close();
    const started = Date.now();
    const [check, other] = await Promise.all([
      call(client, 'map_check', { what: 'structure' }),
      call(client, 'map_search', { text: 'core' }),
    ]);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(check.result.isError, check.text).toBeFalsy();
    // The two patterns that match the long path find its import; the four that match nothing say so.
    expect(check.text).toMatch(/forbidden-dependency/);
    expect(check.text).toMatch(/matches no file/);
    expect(other.result.isError, other.text).toBeFalsy();
  });
});
