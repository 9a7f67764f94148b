#!/usr/bin/env node
// The edit gate as an agent runs it: a new `node bin/proofmap.js gate --claude` process per
// PreToolUse event, N times, on a scanned repository; p50/p95 wall time including Node start-up,
// then the in-process decision alone (open index, read one row, check the marker, decide).
//   node bench/gate.js [repo] [--runs 200]
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const bin = path.join(here, '..', 'bin', 'proofmap.js');
const args = process.argv.slice(2);
const runs = Number(args[args.indexOf('--runs') + 1]) || 200;
const repo = path.resolve(
  args.find((a) => !a.startsWith('--') && !/^\d+$/.test(a)) ?? path.join(here, '.work', 'repo-7k'),
);
if (!existsSync(path.join(repo, '.proofmap', 'index.db')))
  execFileSync(process.execPath, [bin, 'scan', repo], { stdio: 'inherit' });

/** A file with many importers, so the gate does its whole job (guarded, no marker: warn). */
function busiestFile() {
  const { items } = JSON.parse(
    execFileSync(process.execPath, [
      bin,
      'rank',
      '--by',
      'fan-in',
      '--limit',
      '1',
      '--json',
      '--root',
      repo,
    ]).toString(),
  );
  return items[0]?.path ?? firstTs(repo);
}
function firstTs(dir) {
  for (const name of readdirSync(dir)) {
    const abs = path.join(dir, name);
    if (name === 'node_modules' || name.startsWith('.')) continue;
    if (statSync(abs).isDirectory()) {
      const hit = firstTs(abs);
      if (hit) return path.relative(repo, hit);
    } else if (name.endsWith('.ts')) return abs;
  }
  return undefined;
}

/** The measured case is the gate's whole job: a guarded file with no consult marker. */
async function forgetConsult(rel) {
  const { openIndex } = await import(path.join(here, '..', 'dist', 'store', 'index.js'));
  const store = openIndex(repo);
  store.deleteMarkers([rel]);
  store.close();
}

const quantile = (xs, q) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))];
const file = busiestFile();
await forgetConsult(file);
const payload = JSON.stringify({
  session_id: 'bench',
  transcript_path: '/tmp/bench.jsonl',
  cwd: repo,
  permission_mode: 'default',
  hook_event_name: 'PreToolUse',
  tool_name: 'Edit',
  tool_input: { file_path: path.join(repo, file), old_string: 'a', new_string: 'b' },
  tool_use_id: 'toolu_bench',
});
const wall = [];
let decision = '';
for (let i = 0; i < runs; i++) {
  const t = process.hrtime.bigint();
  const r = spawnSync(process.execPath, [bin, 'gate', '--claude'], {
    input: payload,
    cwd: repo,
    encoding: 'utf8',
  });
  wall.push(Number(process.hrtime.bigint() - t) / 1e6);
  decision = r.stdout.trim().slice(0, 160);
}
const node = [];
for (let i = 0; i < 20; i++) {
  const t = process.hrtime.bigint();
  spawnSync(process.execPath, ['-e', '0']);
  node.push(Number(process.hrtime.bigint() - t) / 1e6);
}
const { gateDecision, openGate } = await import(path.join(here, '..', 'dist', 'gate-run.js'));
const inproc = [];
for (let i = 0; i < runs; i++) {
  const t = process.hrtime.bigint();
  const gate = openGate(repo, path.join(repo, file));
  gateDecision(gate, 'edit');
  gate.close();
  inproc.push(Number(process.hrtime.bigint() - t) / 1e6);
}
const fmt = (xs) => `p50 ${quantile(xs, 0.5).toFixed(1)} ms, p95 ${quantile(xs, 0.95).toFixed(1)} ms`;
console.log(`gate on ${repo}, file ${file}, ${runs} events`);
console.log(`  whole hook process:         ${fmt(wall)}`);
console.log(`  bare \`node -e 0\`:           ${fmt(node)}`);
console.log(`  in-process open+decide:     ${fmt(inproc)}`);
console.log(`  answer: ${decision}`);
