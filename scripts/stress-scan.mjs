#!/usr/bin/env node
// Scans a generated monorepo cold, N times, with the Node that runs this script, and fails unless
// every scan exits 0. It exists for crashes that only show on large inputs and only some of the
// time (issue 24: a native abort during garbage collection on Node 24), which one scan in a unit
// test would miss.
//
//   node scripts/stress-scan.mjs [--runs 10] [--files 7000] [--repo DIR] [--keep]
//
// The built CLI (dist/) must exist: run `npm run build` first.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { generateRepo } from '../bench/generate-repo.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '10' },
    files: { type: 'string', default: '7000' },
    repo: { type: 'string' },
    keep: { type: 'boolean', default: false },
  },
});
const runs = Number(values.runs);
const files = Number(values.files);
if (!Number.isInteger(runs) || runs < 1 || !Number.isInteger(files) || files < 1) {
  process.stderr.write('stress-scan: --runs and --files take positive integers\n');
  process.exit(2);
}

const repo = values.repo
  ? resolve(values.repo)
  : join(mkdtempSync(join(tmpdir(), 'proofmap-stress-')), 'repo');
const started = Date.now();
const stats = generateRepo(repo, { files });
const note = (line) => process.stdout.write(`stress-scan: ${line}\n`);
note(`node ${process.version}, ${stats.files} files generated in ${Date.now() - started} ms at ${repo}`);

let passed = 0;
for (let i = 1; i <= runs; i++) {
  // Cold every time: an unchanged rescan skips parsing and most of the index writes.
  rmSync(join(repo, '.proofmap'), { recursive: true, force: true });
  const outcome = await scan(repo);
  if (outcome.ok) passed++;
  note(`run ${i}/${runs}: ${outcome.ok ? 'ok' : 'FAILED'} (${outcome.how}) in ${outcome.ms} ms`);
  if (!outcome.ok && outcome.stderr) process.stdout.write(indent(outcome.stderr.slice(-2000)));
}
note(`${passed} of ${runs} scans succeeded on node ${process.version}`);
if (!values.keep && !values.repo) rmSync(dirname(repo), { recursive: true, force: true });
process.exitCode = passed === runs ? 0 : 1;

/** One `proofmap scan --json` in a child process; stdout is discarded, stderr kept for a failure. */
function scan(dir) {
  return new Promise((done) => {
    const t0 = Date.now();
    const child = spawn(process.execPath, [join(root, 'bin', 'proofmap.js'), 'scan', dir, '--json'], {
      stdio: ['ignore', 'ignore', 'pipe'],
      env: { ...process.env, NO_COLOR: '1' },
    });
    let stderr = '';
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk) => {
      stderr = (stderr + chunk).slice(-20000);
    });
    child.on('close', (code, signal) => {
      const ok = signal === null && code === 0;
      done({ ok, how: signal ? `signal ${signal}` : `exit ${code}`, ms: Date.now() - t0, stderr });
    });
  });
}

function indent(text) {
  return `${text
    .split('\n')
    .map((l) => `    ${l}`)
    .join('\n')}\n`;
}
