#!/usr/bin/env node
// Latency of `proofmap serve` per tool call, as an agent sees it: the SDK client over stdio
// against the real server process, round trip included. The first call of each tool (opening
// the session, computing signals) is reported apart; p50/p95 are over the N calls after it.
//
//   npm run build && node bin/proofmap.js scan bench/.work/repo-7k
//   node bench/mcp.js [repo] [--n 100] [--rescans 5]
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';

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
const client = new Client({ name: 'proofmap-bench', version: '0' });
await client.connect(transport);

async function timed(name, args) {
  const started = performance.now();
  const result = await client.callTool({ name, arguments: args });
  const ms = performance.now() - started;
  if (result.isError) throw new Error(`${name} ${JSON.stringify(args)}: ${result.content[0]?.text}`);
  return { ms, result };
}

const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];

// Targets: the file most imported (the worst case for impact/refs) and a typical file.
const hubs = (await timed('map_rank', { by: 'fan-in', limit: 1 })).result.structuredContent.items;
const hub = hubs[0].path;
const files = (await timed('map_search', { text: '.ts', kinds: ['path'], limit: 200 })).result
  .structuredContent.items;
const typical = files[Math.floor(files.length / 2)].path;

const cases = [
  ['map_context', { target: hub }, 'hub'],
  ['map_context', { target: typical }, 'typical'],
  ['map_impact', { target: hub }, 'hub'],
  ['map_impact', { target: typical }, 'typical'],
  ['map_refs', { target: hub }, 'hub'],
  ['map_refs', { target: typical }, 'typical'],
  ['map_path', { from: typical, to: hub }, ''],
  ['map_search', { text: 'util' }, ''],
  ['map_cycles', {}, ''],
  ['map_rank', { by: 'centrality' }, ''],
  ['map_changes', {}, ''],
  ['map_checkup', {}, ''],
];

const rows = [];
for (const [name, args, label] of cases) {
  const first = (await timed(name, args)).ms;
  const times = [];
  for (let i = 0; i < N; i++) times.push((await timed(name, args)).ms);
  times.sort((a, b) => a - b);
  rows.push({
    tool: label ? `${name} (${label})` : name,
    first,
    p50: quantile(times, 0.5),
    p95: quantile(times, 0.95),
    n: N,
  });
}
const rescans = [];
for (let i = 0; i < Number(values.rescans); i++) rescans.push((await timed('map_rescan', {})).ms);
rescans.sort((a, b) => a - b);
// The call after a rescan pays the session reopen (map read, views rebuilt).
const afterRescan = (await timed('map_impact', { target: hub })).ms;
rows.push({
  tool: 'map_rescan (no changes)',
  first: rescans[0],
  p50: quantile(rescans, 0.5),
  p95: quantile(rescans, 0.95),
  n: rescans.length,
});
await client.close();

console.log(`proofmap serve on ${root} (hub ${hub}, typical ${typical}), N=${N}`);
console.log(`${'tool'.padEnd(28)} ${'first ms'.padStart(9)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)}`);
for (const r of rows) {
  console.log(
    `${r.tool.padEnd(28)} ${r.first.toFixed(1).padStart(9)} ${r.p50.toFixed(1).padStart(8)} ${r.p95.toFixed(1).padStart(8)}`,
  );
}
console.log(`first map_impact (hub) after a rescan (session reopen): ${afterRescan.toFixed(1)} ms`);
