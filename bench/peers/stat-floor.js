#!/usr/bin/env node
// Peer: the floor of a rescan of an unchanged tree. Start Node, list the tree (the directories
// proofmap walks) and lstat every file, nothing else: no index, no cache, no output. Whatever a
// CLI does to learn that no file changed since its last run costs at least this much, in Node.
// `--start-only` measures the process start alone (node with an empty script).
//   node bench/peers/stat-floor.js <repo> [--start-only]
import { lstatSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { walk } from '../lib/walk.js';

const args = process.argv.slice(2);
if (!args.includes('--start-only')) {
  const root = resolve(args.find((a) => !a.startsWith('--')) ?? '.');
  const files = walk(root, () => true);
  let newest = 0;
  for (const path of files) newest = Math.max(newest, lstatSync(join(root, path)).mtimeMs);
  process.stdout.write(`${JSON.stringify({ files: files.length, newestMtimeMs: newest })}\n`);
} else process.stdout.write('{}\n');
