#!/usr/bin/env node
// The edit gate as an agent runs it, on a scanned repository:
//   1. how many files the gate would ask about (graded with the settings in force), by severity;
//   2. a new hook process per PreToolUse event, N times: p50/p95 wall time including Node
//      start-up, for the unconsulted guarded file (warn), for a consulted one (the claim write),
//      and — with --npx — through `npx --no-install proofmap` as `hooks install` writes it;
//   3. the in-process decision alone (open index, read one row, check the marker, decide).
//   node bench/gate.js [repo] [--runs 200] [--npx]
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { childCpuMs } from './lib/measure.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const dist = path.join(here, '..', 'dist');
const bin = path.join(here, '..', 'bin', 'proofmap.js');
const args = process.argv.slice(2);
const runs = Number(args[args.indexOf('--runs') + 1]) || 200;
const repo = path.resolve(
  args.find((a) => !a.startsWith('--') && !/^\d+$/.test(a)) ?? path.join(here, '.work', 'repo-7k'),
);
if (!existsSync(path.join(repo, '.proofmap', 'index.db')))
  execFileSync(process.execPath, [bin, 'scan', repo], { stdio: 'inherit' });

const { openIndex } = await import(path.join(dist, 'store', 'index.js'));
const { gradeOf } = await import(path.join(dist, 'gate', 'decide.js'));
const { gateDecision, openGate } = await import(path.join(dist, 'gate-run.js'));
const { hookCommandCandidates } = await import(path.join(dist, 'gate', 'hook-command.js'));

/** Every indexed file graded as the hook would grade it now. */
function distribution() {
  const store = openIndex(repo, { readonly: true });
  const map = store.readMap();
  const settings = openGate(repo, path.join(repo, 'package.json')).settings;
  const counts = { leaf: 0, low: 0, medium: 0, high: 0, chokepoint: 0 };
  const guarded = [];
  let files = 0;
  for (const n of map.nodes) {
    if (n.path === undefined || !['file', 'document', 'artifact'].includes(n.kind)) continue;
    const entry = store.getSignals(`gate:file:${n.path}`);
    if (!entry) continue;
    files++;
    const severity = gradeOf(entry, settings);
    counts[severity]++;
    if (severity === 'high' || severity === 'chokepoint')
      guarded.push({ path: n.path, users: entry.users ?? entry.fanIn });
  }
  store.close();
  guarded.sort((a, b) => b.users - a.users || (a.path < b.path ? -1 : 1));
  return { files, counts, guarded, settings };
}

/** Deletes the file's consult marker, or writes a fresh one (as a consulting query does). */
async function setConsult(rel, consulted) {
  const store = openIndex(repo);
  store.deleteMarkers([rel]);
  if (consulted)
    (await import(path.join(dist, 'store', 'consult.js'))).recordConsult(store, repo, [rel], `impact ${rel}`);
  store.close();
}

const quantile = (xs, q) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))];
const fmt = (xs) => `p50 ${quantile(xs, 0.5).toFixed(1)} ms, p95 ${quantile(xs, 0.95).toFixed(1)} ms`;

const payloadFor = (file, session, i) =>
  JSON.stringify({
    session_id: session,
    transcript_path: '/tmp/bench.jsonl',
    cwd: repo,
    permission_mode: 'default',
    hook_event_name: 'PreToolUse',
    tool_name: 'Edit',
    tool_input: { file_path: path.join(repo, file), old_string: 'a', new_string: 'b' },
    // A new tool call each time, so a consulted file pays for its claim write every run.
    tool_use_id: `toolu_bench_${i}`,
  });

/** One timed child: wall clock and CPU (user + sys, 10 ms ticks). */
function timed(command, cwd, input) {
  const cpu = childCpuMs();
  const t = process.hrtime.bigint();
  const r = spawnSync(command[0], command.slice(1), { input, cwd, encoding: 'utf8' });
  const wall = Number(process.hrtime.bigint() - t) / 1e6;
  if (r.status !== 0) throw new Error(`${command.join(' ')} exited ${r.status}: ${r.stderr}`);
  return { wall, cpu: cpu === null ? null : childCpuMs() - cpu, stdout: r.stdout.trim() };
}

/**
 * Series measured in interleaved rounds, so the load of a shared machine lands on all of them
 * alike. Each series: () => { command, cwd, input(i) }.
 */
async function rounds(series, n) {
  const out = Object.fromEntries(Object.keys(series).map((k) => [k, { wall: [], cpu: [], answer: '' }]));
  for (let i = 0; i < n; i++)
    for (const [name, s] of Object.entries(series)) {
      await s.before?.();
      const r = timed(s.command, s.cwd, s.input(i));
      out[name].wall.push(r.wall);
      if (r.cpu !== null) out[name].cpu.push(r.cpu);
      out[name].answer = r.stdout.slice(0, 140);
    }
  return out;
}

const d = distribution();
const share = (n) => `${((100 * n) / d.files).toFixed(1)} %`;
const asked = d.counts.high + d.counts.chokepoint;
console.log(
  `gate on ${repo} (load average ${os
    .loadavg()
    .map((x) => x.toFixed(1))
    .join(' ')})`,
);
console.log(
  `  files the gate would ask about: ${asked} of ${d.files} (${share(asked)}) at fanIn ${d.settings.fanIn}, centrality ${d.settings.centrality}`,
);
console.log(
  `  by severity: ${Object.entries(d.counts)
    .map(([k, v]) => `${k} ${v} (${share(v)})`)
    .join(', ')}`,
);
const file = d.guarded[0]?.path;
if (!file) throw new Error('no guarded file to measure');
const direct = [process.execPath, bin, 'gate', '--claude'];
const series = {
  'bare `node -e 0`': { command: [process.execPath, '-e', '0'], cwd: repo, input: () => '' },
  // The floor the installed command starts from: it clears NODE_EXTRA_CA_CERTS (gate/hook-command.ts).
  ...(process.env.NODE_EXTRA_CA_CERTS
    ? {
        'bare, NODE_EXTRA_CA_CERTS empty': {
          command: ['sh', '-c', `NODE_EXTRA_CA_CERTS= exec '${process.execPath}' -e 0`],
          cwd: repo,
          input: () => '',
        },
      }
    : {}),
  // A new session each run: never warned before, so every run is the warn path.
  'guarded, unconsulted (warns)': {
    command: direct,
    cwd: repo,
    input: (i) => payloadFor(file, `bench-${i}`, i),
    before: () => setConsult(file, false),
  },
  'guarded, consulted (claims it)': {
    command: direct,
    cwd: repo,
    input: (i) => payloadFor(file, 'bench', i),
    before: () => setConsult(file, true),
  },
};
// The gate's own entry, then the command `hooks install --local` writes, run the way Claude Code
// runs it: through sh -c.
const gateBin = path.join(here, '..', 'bin', 'proofmap-gate.cjs');
series['gate entry, proofmap-gate.cjs (warns)'] = {
  command: [process.execPath, gateBin, '--claude'],
  cwd: repo,
  input: (i) => payloadFor(file, `bench-cjs-${i}`, i),
  before: () => setConsult(file, false),
};
// Exactly the command `hooks install --local` writes (its launch prefix included).
const installed = hookCommandCandidates({ local: true, node: process.execPath, bin })[0].command;
series['as installed, sh -c (warns)'] = {
  command: ['sh', '-c', installed],
  cwd: repo,
  input: (i) => payloadFor(file, `bench-sh-${i}`, i),
  before: () => setConsult(file, false),
};
if (args.includes('--npx')) {
  // A project that installed proofmap: node_modules/proofmap → this checkout.
  const project = mkdtempSync(path.join(os.tmpdir(), 'proofmap-npx-'));
  mkdirSync(path.join(project, 'node_modules', '.bin'), { recursive: true });
  symlinkSync(path.join(here, '..'), path.join(project, 'node_modules', 'proofmap'));
  symlinkSync('../proofmap/bin/proofmap.js', path.join(project, 'node_modules', '.bin', 'proofmap'));
  writeFileSync(path.join(project, 'package.json'), '{ "private": true }');
  series['via npx --no-install (warns)'] = {
    command: ['sh', '-c', 'npx --no-install proofmap gate --claude'],
    cwd: project,
    input: (i) => payloadFor(file, `bench-npx-${i}`, i),
    before: () => setConsult(file, false),
  };
}
const measured = await rounds(series, runs);
console.log(`  hook processes on ${file}, ${runs} interleaved rounds (wall; CPU user+sys):`);
for (const [name, m] of Object.entries(measured))
  console.log(`    ${name.padEnd(40)} ${fmt(m.wall)}; CPU ${m.cpu.length ? fmt(m.cpu) : 'n/a'}`);
console.log(`    answer (warns): ${measured['guarded, unconsulted (warns)'].answer}`);
const inproc = [];
for (let i = 0; i < runs; i++) {
  const t = process.hrtime.bigint();
  const gate = openGate(repo, path.join(repo, file));
  gateDecision(gate, 'edit');
  gate.close();
  inproc.push(Number(process.hrtime.bigint() - t) / 1e6);
}
console.log(`  in-process open+decide: ${fmt(inproc)}`);
console.log(
  `  load average after: ${os
    .loadavg()
    .map((x) => x.toFixed(1))
    .join(' ')}`,
);
await setConsult(file, false);
