#!/usr/bin/env node
// Benchmark: proofmap against dependency-cruiser, madge, the TypeScript API and the parse floor, on
// one folder in one run. Every tool is a fresh child process, timed by wall clock; rounds are
// interleaved so background load spreads over all tools instead of landing on one.
//
//   npm run bench -- [repo] [--only proofmap,depcruise,…] [--runs N] [--timeout S]
// Without a repo, the generated 7k-file repo is (re)built if the generator changed, and used.
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus, loadavg, totalmem } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_REPO, generateRepo, generatorFingerprint, STAMP } from './generate-repo.js';
import { coreSpeeds, describeCoreSpeeds } from './lib/core-speed.js';
import { firstLine, runOnce, STRIPPED_ENV, stats } from './lib/measure.js';
import { definePeers } from './lib/peers.js';
import { agreement, renderTable } from './lib/report.js';
import { walk } from './lib/walk.js';

const here = dirname(fileURLToPath(import.meta.url));
const main = resolve(here, '..');
const work = join(here, '.work');

function parseArgs(argv) {
  const opts = { runs: 3, timeoutS: 120, only: null, repo: null };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--runs') opts.runs = Number(argv[++i]);
    else if (a === '--timeout') opts.timeoutS = Number(argv[++i]);
    else if (a === '--only')
      opts.only = String(argv[++i] ?? '')
        .split(',')
        .map(key)
        .filter(Boolean);
    else if (!a.startsWith('--') && !opts.repo) opts.repo = resolve(a);
    else return { error: `unknown argument ${a}` };
  }
  if (!(opts.runs >= 1) || !(opts.timeoutS > 0))
    return { error: '--runs and --timeout need positive numbers' };
  return { opts };
}

const key = (s) => s.toLowerCase().replace(/[^a-z0-9+]/g, '');

function ensureDefaultRepo() {
  const stampFile = join(DEFAULT_REPO, STAMP);
  const stamp = existsSync(stampFile) ? JSON.parse(readFileSync(stampFile, 'utf8')) : null;
  if (stamp?.fingerprint === generatorFingerprint({})) return stamp;
  console.error(`generating ${DEFAULT_REPO} …`);
  return generateRepo(DEFAULT_REPO);
}

// Read every file once, untimed, so no tool pays for a cold page cache that the next one reuses.
function primePageCache(repo) {
  for (const f of walk(repo, () => true)) readFileSync(join(repo, f));
}

async function runPeer(peer, result, round, opts, repo) {
  if (peer.warmup && !existsSync(join(repo, '.proofmap'))) {
    const [file, args, cwd] = peer.command();
    await runOnce(file, args, { cwd, timeoutMs: opts.timeoutS * 1000, work });
  }
  peer.prepare?.(round);
  if (peer.custom) {
    const sample = await peer.custom(round, opts);
    result.samples.push(sample.ms);
    result.cpuSamples.push(null);
    result.details = sample.details;
    result.note = sample.note ?? peer.note;
    return result;
  }
  const [file, args, cwd] = peer.command();
  const run = await runOnce(file, args, { cwd, timeoutMs: opts.timeoutS * 1000, work });
  // proofmap exits 1 when it has findings; a scan that printed its JSON still counts.
  const okCode = run.code === 0 || (peer.group === 'proofmap' && run.code === 1);
  if (run.timedOut) return fail(result, `timed out after ${opts.timeoutS} s`);
  if (!okCode) return fail(result, firstLine(run));
  let parsed;
  try {
    parsed = peer.parse(run.stdout);
  } catch (error) {
    return fail(result, `unreadable output: ${String(error.message ?? error).split('\n')[0]}`);
  }
  result.samples.push(run.ms);
  result.cpuSamples.push(run.cpuMs);
  result.rssSamples.push(run.rssKb);
  result.pairs = parsed.pairs ?? null;
  result.edges = parsed.pairs ? parsed.pairs.size : parsed.count;
  result.details = parsed.details;
  result.note = [peer.note, parsed.note].filter(Boolean).join('; ') || undefined;
  return result;
}

// MB/s of Markdown extraction, old full parser against the fast pass, on the repository and (for
// the default run) on the generated 500-document set; in this process, from dist/.
async function markdownRates(repo, opts) {
  const { measureMarkdown, report } = await import('./markdown.js');
  const dirs = [repo];
  if (!opts.repo) {
    const { DEFAULT_DOCS_REPO, generateDocsRepo } = await import('./generate-docs.js');
    if (!existsSync(DEFAULT_DOCS_REPO)) generateDocsRepo(DEFAULT_DOCS_REPO);
    dirs.push(DEFAULT_DOCS_REPO);
  }
  return dirs.map((dir) => {
    const figures = measureMarkdown(dir, { rounds: 3 });
    return { figures, report: report(figures) };
  });
}

function fail(result, message) {
  result.status = 'failed';
  result.message = message;
  return result;
}

async function main_() {
  const { opts, error } = parseArgs(process.argv.slice(2));
  if (error) {
    console.error(
      `bench: ${error}. Usage: npm run bench -- [repo] [--only proofmap,depcruise,madge,ts-api,floor] [--runs N] [--timeout S]`,
    );
    process.exitCode = 2;
    return;
  }
  const repo = opts.repo ?? DEFAULT_REPO;
  const repoStats = opts.repo ? null : ensureDefaultRepo();
  if (!existsSync(repo) || !statSync(repo).isDirectory()) {
    console.error(
      `bench: ${repo} is not a directory; pass a repository folder, or no argument to use the generated one.`,
    );
    process.exitCode = 2;
    return;
  }
  mkdirSync(work, { recursive: true });
  const peers = definePeers({ main, repo, work }).filter(
    (p) => !opts.only || opts.only.includes(key(p.group)) || opts.only.includes(key(p.name)),
  );
  const results = peers.map((p) => ({
    name: p.name,
    group: p.group,
    reference: p.reference ?? false,
    note: p.note,
    status: 'ok',
    samples: [],
    cpuSamples: [],
    rssSamples: [],
  }));
  primePageCache(repo);
  const coresBefore = coreSpeeds();
  console.error(`bench: ${describeCoreSpeeds(coresBefore)}`);
  const loadBefore = loadavg();
  if (loadBefore[0] > availableParallelism() * 0.5) {
    console.error(
      `bench: load average is ${loadBefore[0].toFixed(1)} on ${availableParallelism()} cores; timings will be inflated.`,
    );
  }
  try {
    for (let round = 1; round <= opts.runs; round++) {
      for (const [i, peer] of peers.entries()) {
        const result = results[i];
        if (peer.skip) Object.assign(result, { status: 'skipped', message: peer.skip });
        if (result.status !== 'ok') continue;
        // A peer that cannot even start (missing binary, unwritable folder) fails alone.
        await runPeer(peer, result, round, opts, repo).catch((error) =>
          fail(result, String(error.message ?? error)),
        );
        const last =
          result.status === 'ok'
            ? `${Math.round(result.samples.at(-1))} ms`
            : `${result.status}: ${result.message}`;
        console.error(`[${round}/${opts.runs}] ${peer.name}: ${last}`);
      }
    }
  } finally {
    for (const peer of peers) peer.cleanup?.();
  }
  const tsPairs = results.find((r) => r.name === 'ts-api')?.pairs;
  for (const r of results) {
    if (r.status === 'ok') Object.assign(r, stats(r.samples, r.cpuSamples, r.rssSamples));
    if (r.name !== 'ts-api' && r.status === 'ok') r.agreement = agreement(r.pairs, tsPairs);
  }
  console.log(renderTable(results));
  const coresAfter = coreSpeeds();
  console.log(
    `\nbefore the runs, ${describeCoreSpeeds(coresBefore)}\nafter the runs,  ${describeCoreSpeeds(coresAfter)}`,
  );
  const stripped = STRIPPED_ENV.filter((name) => process.env[name]);
  if (stripped.length) console.log(`\nevery tool ran with ${stripped.join(', ')} unset (set in this shell)`);
  const markdown = opts.only && !opts.only.includes('markdown') ? [] : await markdownRates(repo, opts);
  for (const m of markdown) console.log(`\nMarkdown extraction, ${m.report}`);
  // The pair lists themselves, so a disagreement can be diffed (`diff pairs/ts-api.txt pairs/madge.txt`).
  mkdirSync(join(work, 'pairs'), { recursive: true });
  for (const r of results) {
    if (r.pairs)
      writeFileSync(
        join(work, 'pairs', `${key(r.name)}.txt`),
        `${[...r.pairs].sort().join('\n').replaceAll('\0', ' -> ')}\n`,
      );
  }
  const report = {
    when: new Date().toISOString(),
    repo,
    repoStats,
    runs: opts.runs,
    timeoutS: opts.timeoutS,
    machine: {
      node: process.version,
      platform: process.platform,
      cpus: cpus().length,
      cpu: cpus()[0]?.model,
      memGiB: Math.round(totalmem() / 2 ** 30),
      loadBefore,
      loadAfter: loadavg(),
      coreSpeedsMs: { before: coresBefore ?? null, after: coresAfter ?? null },
      strippedEnv: stripped,
    },
    results: results.map(({ pairs, samples, cpuSamples, rssSamples, ...r }) => r),
    markdown: markdown.map((m) => m.figures),
  };
  const out = join(work, `results-${report.when.replace(/[:.]/g, '-')}.json`);
  writeFileSync(out, `${JSON.stringify(report, null, 2)}\n`);
  console.log(`\nresults: ${out}`);
}

await main_();
