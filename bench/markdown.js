#!/usr/bin/env node
// MB/s of Markdown extraction: the full parser (micromark + mdast, the old path) against extractDoc
// (fast pass, full parser only where the fast pass cannot decide), on the same files in one run.
// Needs `npm run build` (it measures dist/, what users run).
//
//   node bench/markdown.js [folder …] [--rounds N]     default folder: bench/.work/docs-500 (generated)
//
// measureMarkdown(dir) is the function bench/run.js can call; it returns the figures it prints.
import { existsSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { extractDoc, fullDocFacts } from '../dist/extract/markdown.js';
import { fastDocFacts } from '../dist/extract/markdown-fast.js';
import { DEFAULT_DOCS_REPO, generateDocsRepo } from './generate-docs.js';
import { walk } from './lib/walk.js';

const isMarkdown = (name) => /\.(md|mdx|markdown)$/i.test(name);

/**
 * Reads every Markdown file under `dir` (not timed), then extracts them all with each path,
 * `rounds` times, interleaved; reports the best round of each (wall clock and CPU time).
 */
export function measureMarkdown(dir, { rounds = 3 } = {}) {
  const docs = walk(dir, isMarkdown).map((path) => ({ path, text: readFileSync(join(dir, path), 'utf8') }));
  const bytes = docs.reduce((sum, doc) => sum + Buffer.byteLength(doc.text), 0);
  const paths = {
    full: (doc) => fullDocFacts(doc.path, doc.text.replace(/^\uFEFF/, '')),
    fast: (doc) => extractDoc(doc.path, doc.text),
  };
  const best = { full: { wallMs: Infinity, cpuMs: Infinity }, fast: { wallMs: Infinity, cpuMs: Infinity } };
  for (let round = 0; round < rounds; round++) {
    for (const [name, extract] of Object.entries(paths)) {
      const cpu = process.cpuUsage();
      const started = performance.now();
      for (const doc of docs) extract(doc);
      const wallMs = performance.now() - started;
      const used = process.cpuUsage(cpu);
      best[name].wallMs = Math.min(best[name].wallMs, wallMs);
      best[name].cpuMs = Math.min(best[name].cpuMs, (used.user + used.system) / 1000);
    }
  }
  let undecided = 0;
  let reparsed = 0;
  for (const doc of docs) {
    const result = fastDocFacts(doc.path, doc.text.replace(/^\uFEFF/, ''));
    if ('undecided' in result) undecided++;
    else reparsed += result.reparsed;
  }
  const rate = (ms) => (ms > 0 ? bytes / 1e6 / (ms / 1000) : 0);
  const figures = (b) => ({ ...b, mbPerSec: rate(b.wallMs), mbPerCpuSec: rate(b.cpuMs) });
  return {
    dir,
    files: docs.length,
    bytes,
    full: figures(best.full),
    fast: figures(best.fast),
    /** Documents the fast pass handed whole to the full parser. */
    undecided,
    /** Characters of single paragraphs the fast pass handed to the full parser. */
    reparsed,
    loadBefore: loadavg()[0],
  };
}

export function report(m) {
  const mb = (m.bytes / 1e6).toFixed(2);
  const line = (name, f) =>
    `  ${name.padEnd(22)} ${f.mbPerSec.toFixed(2).padStart(7)} MB/s wall  ${f.mbPerCpuSec.toFixed(2).padStart(7)} MB/s CPU  (${Math.round(f.wallMs)} ms)`;
  return [
    `${m.dir}: ${m.files} Markdown files, ${mb} MB (load ${m.loadBefore.toFixed(1)})`,
    line('full parser (old)', m.full),
    line('fast pass (extractDoc)', m.fast),
    `  speed-up ${(m.fast.mbPerSec / m.full.mbPerSec).toFixed(1)}× wall, ${(m.fast.mbPerCpuSec / m.full.mbPerCpuSec).toFixed(1)}× CPU; ` +
      `${m.undecided} documents left to the full parser, ${m.reparsed} characters of paragraphs re-read by it`,
  ].join('\n');
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  let rounds = 3;
  const dirs = [];
  for (let i = 0; i < args.length; i++) {
    if (args[i] === '--rounds') rounds = Number(args[++i]);
    else if (args[i].startsWith('--'))
      throw new Error(`unknown option ${args[i]}; see the top of bench/markdown.js`);
    else dirs.push(resolve(args[i]));
  }
  if (dirs.length === 0) {
    if (!existsSync(DEFAULT_DOCS_REPO)) generateDocsRepo(DEFAULT_DOCS_REPO);
    dirs.push(DEFAULT_DOCS_REPO);
  }
  for (const dir of dirs) process.stdout.write(`${report(measureMarkdown(dir, { rounds }))}\n`);
}
