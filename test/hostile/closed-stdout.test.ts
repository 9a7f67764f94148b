/**
 * Issue 22 (crashes): `proofmap scan --json | head -c0`, or `| head -1` on a long answer, closed
 * stdout under a command still writing, and Node turned the EPIPE into an uncaught 'error' event:
 * a stack trace and exit 1. Run as a user runs them, through the built CLI with a reader that
 * hangs up, every printing command must end as it would have with a reader: same exit code, no
 * trace, and the scan's map still written.
 */
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { tmpRepo } from '../helpers/tmp-repo.js';
import { cli, env, worktree } from './hook-harness.js';

const bin = path.join(worktree, 'bin/proofmap.js');

interface Ended {
  status: number | null;
  stderr: string;
}

/** The command with its stdout pipe closed by the reader: before any byte, or after the first. */
function withReaderGone(root: string, args: string[], readFirst: boolean, input?: string): Promise<Ended> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [bin, ...args], {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    if (readFirst) child.stdout.once('data', () => child.stdout.destroy());
    else child.stdout.destroy();
    child.stdin.end(input ?? '');
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, stderr }));
  });
}

const commands: { name: string; args: string[]; input?: string }[] = [
  { name: 'scan --json', args: ['scan', '--json'] },
  { name: 'impact --json', args: ['impact', 'src/core.ts', '--json'] },
  { name: 'context', args: ['context', 'src/core.ts'] },
  { name: 'refs --json', args: ['refs', 'src/core.ts', '--json'] },
  { name: 'search', args: ['search', 'core'] },
  { name: 'rank --json', args: ['rank', '--json'] },
  { name: 'check --json', args: ['check', '--json'] },
  { name: 'claims --json', args: ['claims', '--json'] },
  { name: 'cycles', args: ['cycles'] },
  { name: 'guard --json', args: ['guard', '--json'] },
  { name: 'export scip', args: ['export', '--format', 'scip'] },
  { name: '--help', args: ['--help'] },
  { name: 'an unknown command (stderr only)', args: ['nosuch'] },
  {
    name: 'the gate hook',
    args: ['gate', '--claude'],
    input: JSON.stringify({
      hook_event_name: 'PreToolUse',
      tool_name: 'Edit',
      tool_input: { file_path: 'src/core.ts', old_string: '1', new_string: '2' },
    }),
  },
];

describe('closed stdout (a reader that hangs up)', () => {
  let root = '';
  beforeAll(() => {
    // A long answer, so `| head -1` hangs up while the command is still writing.
    const files: Record<string, string> = {
      'package.json': '{ "name": "app", "private": true }',
      'proofmap.config.json': JSON.stringify({ gate: { block: true, fanIn: 3 } }),
      'src/core.ts': 'export const core = 1;\n',
    };
    for (let i = 0; i < 300; i++)
      files[`src/m${i}.ts`] = "import { core } from './core.js';\nexport const m = core;\n";
    root = tmpRepo(files, { keep: 'file' });
    execFileSync('git', ['init', '-q'], { cwd: root });
    const scan = cli(root, ['scan']);
    expect(scan.status, scan.stderr).toBe(0);
  });

  it.each(commands)(
    '$name ends with its usual exit code and no trace',
    { timeout: 60_000 },
    async ({ args, input }) => {
      const usual = spawnSync(process.execPath, [bin, ...args], {
        cwd: root,
        env: { ...process.env, ...env },
        input: input ?? '',
        encoding: 'utf8',
      });
      for (const readFirst of [false, true]) {
        const ended = await withReaderGone(root, args, readFirst, input);
        expect(ended.stderr).not.toMatch(/EPIPE|Unhandled 'error'|\n\s+at /);
        expect([readFirst, ended.status]).toEqual([readFirst, usual.status]);
      }
    },
  );

  it('still writes the map when nobody reads the scan', { timeout: 60_000 }, async () => {
    rmSync(path.join(root, '.proofmap/map.json'));
    const ended = await withReaderGone(root, ['scan', '--json'], false);
    expect(ended).toEqual({ status: 0, stderr: '' });
    expect(existsSync(path.join(root, '.proofmap/map.json'))).toBe(true);
  });
});
