#!/usr/bin/env node
// Latency of `proofmap serve` per tool call, as an agent sees it: the v2 SDK client on the
// stateless 2026-07-28 revision over stdio against the real server process, round trip
// included. The first call of each tool (opening the session, computing signals) is reported
// apart; p50/p95 are over the N calls after it. Every answer is also checked against its token
// budget (the default 1,500 and a tight 500): `tokens` must be ≤ `max_tokens`, and the exact
// `total` must not change with the budget. Beside the wall time, each call's CPU time in the
// server process (Linux schedstat, every thread, in ns) — on a shared machine the wall clock
// carries other people's load, the CPU time does not — and the load average before and after.
//
//   npm run build && node bin/proofmap.js scan bench/.work/repo-7k
//   node bench/mcp.js [repo] [--n 100] [--rescans 5]
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';

const here = dirname(fileURLToPath(import.meta.url));
const { values, positionals } = parseArgs({
  options: { n: { type: 'string', default: '100' }, rescans: { type: 'string', default: '5' } },
  allowPositionals: true,
});
const root = resolve(positionals[0] ?? join(here, '.work', 'repo-7k'));
const N = Number(values.n);
if (!existsSync(join(root, '.proofmap', 'index.db'))) {
  console.error(`bench/mcp: ${root} is not scanned — run: node bin/proofmap.js scan ${root}`);
  process.exit(2);
}

const transport = new StdioClientTransport({
  command: process.execPath,
  args: [join(here, '..', 'bin', 'proofmap.js'), 'serve', root],
  stderr: 'ignore',
});
const client = new Client(
  { name: 'proofmap-bench', version: '0' },
  { versionNegotiation: { mode: { pin: '2026-07-28' } } },
);
await client.connect(transport);
const loadBefore = loadavg();

/** CPU time the server process has used so far, in ms (every thread); null off Linux. */
function serverCpuMs() {
  try {
    let ns = 0;
    for (const task of readdirSync(`/proc/${transport.pid}/task`))
      ns += Number(readFileSync(`/proc/${transport.pid}/task/${task}/schedstat`, 'utf8').split(' ')[0]);
    return ns / 1e6;
  } catch {
    return null;
  }
}

async function timed(name, args) {
  const cpu = serverCpuMs();
  const started = performance.now();
  // A cold claims run (the first map_check claims) is a whole scan: a minute on a loaded machine.
  const result = await client.callTool({ name, arguments: args }, { timeout: 600_000 });
  const ms = performance.now() - started;
  const cpuMs = cpu === null ? null : serverCpuMs() - cpu;
  if (result.isError) throw new Error(`${name} ${JSON.stringify(args)}: ${result.content[0]?.text}`);
  return { ms, cpuMs, result };
}

const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];

// Targets: the file most imported (the worst case for impact/refs) and a typical file.
const hubs = (await timed('map_repo', { limit: 1 })).result.structuredContent.items;
const hub = hubs[0].path;
const files = (await timed('map_search', { text: '.ts', kinds: ['path'], limit: 200 })).result
  .structuredContent.items;
const typical = files[Math.floor(files.length / 2)].path;

const folder = hub.split('/').slice(0, 2).join('/');
const cases = [
  ['map_context', { target: hub }, 'hub'],
  ['map_context', { target: typical }, 'typical'],
  ['map_context', { target: folder }, 'folder'],
  ['map_impact', { target: hub }, 'hub'],
  ['map_impact', { target: typical }, 'typical'],
  ['map_impact', { target: hub, importers: true }, 'hub importers'],
  ['map_path', { from: typical, to: hub }, ''],
  ['map_search', { text: 'util' }, ''],
  ['map_repo', {}, ''],
  ['map_repo', { focus: [typical] }, 'focus'],
  ['map_check', { what: 'structure' }, 'structure'],
  ['map_check', { what: 'cycles' }, 'cycles'],
  ['map_check', { what: 'changes' }, 'changes'],
  // Claims rerun only when some file's bytes changed: warm calls are a stat walk.
  ['map_check', { what: 'claims' }, 'claims'],
  ['map_areas', {}, ''],
  ['map_memory', { op: 'find_nodes', filter: { path: hub } }, 'find_nodes'],
];

// Budget: every case at the default and a tight budget, the exact total the same in both.
const budgetRows = [];
for (const [name, args, label] of cases) {
  const totals = new Set();
  for (const max_tokens of [1500, 500]) {
    const { result } = await timed(name, { ...args, max_tokens });
    const sc = result.structuredContent;
    const text = result.content[0].text;
    totals.add(sc.total);
    budgetRows.push({
      tool: label ? `${name} (${label})` : name,
      max_tokens,
      tokens: Math.ceil(text.length / 4),
      total: sc.total,
      returned: sc.returned,
      within: Math.ceil(text.length / 4) <= max_tokens,
    });
  }
  if (totals.size !== 1) throw new Error(`${name}: total changed with the budget: ${[...totals]}`);
}

// The edit gate as a Claude Code `mcp_tool` hook calls it (init --hook-transport mcp): no process
// per edit, so this row is the hook's whole cost besides Claude Code's own round trip. Not
// budgeted: its text is the hook protocol's answer, not a ranked list.
const hookEvent = (file) => ({
  hook_event_name: 'PreToolUse',
  tool_name: 'Edit',
  file_path: join(root, file),
  session_id: 'bench-mcp',
  cwd: root,
});
const latencyOnly = [
  ['map_gate', hookEvent(hub), 'hook, hub'],
  ['map_gate', hookEvent(typical), 'hook, typical'],
];

const rows = [];
for (const [name, args, label] of [...cases, ...latencyOnly]) {
  const first = (await timed(name, args)).ms;
  const times = [];
  const cpus = [];
  for (let i = 0; i < N; i++) {
    const t = await timed(name, args);
    times.push(t.ms);
    if (t.cpuMs !== null) cpus.push(t.cpuMs);
  }
  times.sort((a, b) => a - b);
  cpus.sort((a, b) => a - b);
  rows.push({
    tool: label ? `${name} (${label})` : name,
    first,
    p50: quantile(times, 0.5),
    p95: quantile(times, 0.95),
    cpu50: cpus.length ? quantile(cpus, 0.5) : null,
    cpu95: cpus.length ? quantile(cpus, 0.95) : null,
    n: N,
  });
}
const rescans = [];
for (let i = 0; i < Number(values.rescans); i++) rescans.push((await timed('map_rescan', {})).ms);
// The first rescan is the first call's time, as for every other row, not the fastest.
const firstRescan = rescans[0];
rescans.sort((a, b) => a - b);
// The call after a rescan pays the session reopen (map read, views rebuilt).
const afterRescan = (await timed('map_impact', { target: hub })).ms;
rows.push({
  tool: 'map_rescan (no changes)',
  first: firstRescan,
  p50: quantile(rescans, 0.5),
  p95: quantile(rescans, 0.95),
  n: rescans.length,
});
await client.close();

const loadAfter = loadavg();
const load = (l) => l.map((x) => x.toFixed(2)).join(' ');
console.log(`proofmap serve on ${root} (hub ${hub}, typical ${typical}), N=${N}`);
console.log(`load average before ${load(loadBefore)}, after ${load(loadAfter)}`);
const cpuCol = (x) => (x === null || x === undefined ? '-' : x.toFixed(1)).padStart(9);
console.log(
  `${'tool'.padEnd(28)} ${'first ms'.padStart(9)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)} ${'cpu p50'.padStart(9)} ${'cpu p95'.padStart(9)}`,
);
for (const r of rows) {
  console.log(
    `${r.tool.padEnd(28)} ${r.first.toFixed(1).padStart(9)} ${r.p50.toFixed(1).padStart(8)} ${r.p95.toFixed(1).padStart(8)} ${cpuCol(r.cpu50)} ${cpuCol(r.cpu95)}`,
  );
}
const over = rows.filter((r) => !r.tool.startsWith('map_rescan') && r.p95 > 30);
console.log(
  over.length === 0
    ? 'every tool p95 ≤ 30 ms (warm)'
    : `p95 above the 30 ms goal: ${over.map((r) => `${r.tool} ${r.p95.toFixed(1)} ms (cpu ${r.cpu95?.toFixed(1) ?? '-'})`).join(', ')}`,
);
console.log(`first map_impact (hub) after a rescan (session reopen): ${afterRescan.toFixed(1)} ms`);
console.log(
  `\nbudget: ${budgetRows.filter((r) => r.within).length} of ${budgetRows.length} answers within max_tokens`,
);
for (const r of budgetRows)
  console.log(
    `${r.tool.padEnd(28)} max ${String(r.max_tokens).padStart(5)} tokens ${String(r.tokens).padStart(5)} returned ${String(r.returned).padStart(4)} of ${r.total}${r.within ? '' : '  OVER'}`,
  );
