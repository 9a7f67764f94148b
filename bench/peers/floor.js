#!/usr/bin/env node
// Peer: the physical floor. Read every JS/TS file and parse it with oxc-parser, nothing else; no
// resolution, no graph, no output. A scan cannot be faster than this on the same thread count.
//   node bench/peers/floor.js <repo> [--threads N] [--ast]
// --ast also materialises the JS AST (oxc hands it over as JSON, parsed lazily on first access);
// without it only the module record (imports/exports) is read.
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { parseSync } from 'oxc-parser';
import { isJsOrTs, walk } from '../lib/walk.js';

function parseAll(root, files, ast) {
  const out = { files: files.length, bytes: 0, specifiers: 0, parseErrors: 0 };
  for (const rel of files) {
    const text = readFileSync(join(root, rel), 'utf8');
    const result = parseSync(rel, text);
    out.bytes += text.length;
    out.parseErrors += result.errors.length;
    out.specifiers += result.module.staticImports.length + result.module.dynamicImports.length;
    out.specifiers += result.module.staticExports.filter((e) =>
      e.entries.some((x) => x.moduleRequest),
    ).length;
    if (ast && result.program.body.length < 0) out.files = -1;
  }
  return out;
}

if (!isMainThread) {
  parentPort.postMessage(parseAll(workerData.root, workerData.files, workerData.ast));
} else {
  const args = process.argv.slice(2);
  const root = resolve(args.find((a, i) => !a.startsWith('--') && args[i - 1] !== '--threads') ?? '.');
  const threads = Number(args[args.indexOf('--threads') + 1] ?? 1) || 1;
  const ast = args.includes('--ast');
  const started = performance.now();
  const files = walk(root, isJsOrTs);
  let totals;
  if (threads <= 1) {
    totals = parseAll(root, files, ast);
  } else {
    // Interleaved slices balance big and small files across workers.
    const slices = Array.from({ length: threads }, (_, t) => files.filter((_, i) => i % threads === t));
    const parts = await Promise.all(
      slices.map(
        (slice) =>
          new Promise((done, fail) => {
            const worker = new Worker(new URL(import.meta.url), { workerData: { root, files: slice, ast } });
            worker.once('message', done);
            worker.once('error', fail);
          }),
      ),
    );
    totals = parts.reduce((a, b) => ({
      files: a.files + b.files,
      bytes: a.bytes + b.bytes,
      specifiers: a.specifiers + b.specifiers,
      parseErrors: a.parseErrors + b.parseErrors,
    }));
  }
  const ms = Math.round(performance.now() - started);
  console.log(JSON.stringify({ tool: 'floor', threads, ast, ...totals, ms }));
}
