#!/usr/bin/env node
// Peer: the TypeScript compiler's own resolution, the reference the issue measures edges against.
// Each file is resolved with its nearest tsconfig (extends applied), as `tsc -p` on that package
// would; prints one JSON line with counts and the time spent inside this process, and with
// --pairs writes the internal file→file pairs ("from\0to", one a line) for run.js to compare.
//   node bench/peers/ts-api.js <repo> [--pairs <file>]
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { isTs, walk } from '../lib/walk.js';

const args = process.argv.slice(2);
const pairsOut = args.includes('--pairs') ? args[args.indexOf('--pairs') + 1] : undefined;
const root = resolve(args.find((a, i) => !a.startsWith('--') && args[i - 1] !== '--pairs') ?? '.');
const started = performance.now();
// Only compiler options are needed, so the host lists no directories: expanding `include` would
// glob the whole project once per tsconfig and charge TypeScript for work it does not need here.
const configHost = { ...ts.sys, readDirectory: () => [], onUnRecoverableConfigFileDiagnostic: () => {} };
const configs = new Map();

function configFor(dir) {
  if (configs.has(dir)) return configs.get(dir);
  const file = join(dir, 'tsconfig.json');
  let config;
  if (ts.sys.fileExists(file)) {
    const parsed = ts.getParsedCommandLineOfConfigFile(file, {}, configHost);
    const options = parsed?.options ?? {};
    config = { options, cache: ts.createModuleResolutionCache(dir, (f) => f, options) };
  } else if (dir === root || dirname(dir) === dir) {
    config = { options: {}, cache: ts.createModuleResolutionCache(dir, (f) => f, {}) };
  } else {
    config = configFor(dirname(dir));
  }
  configs.set(dir, config);
  return config;
}

// Known gap, kept on purpose because this peer is "what the TS API says": in TypeScript 5.9
// preProcessFile does not report `export * as ns from '…'`, so those edges are missing here.
const counts = {
  files: 0,
  specifiers: 0,
  internal: 0,
  external: 0,
  unresolvedRelative: 0,
  unresolvedBare: 0,
};
const pairs = new Set();
for (const rel of walk(root, isTs)) {
  const abs = join(root, rel);
  const { options, cache } = configFor(dirname(abs));
  const info = ts.preProcessFile(readFileSync(abs, 'utf8'), true, true);
  counts.files++;
  // `/// <reference path>` names a file, not a module: it resolves against the file's folder.
  for (const ref of info.referencedFiles) {
    const to = resolve(dirname(abs), ref.fileName);
    if (ts.sys.fileExists(to) && isInside(to)) pairs.add(`${rel}\0${relative(root, to)}`);
  }
  for (const ref of info.importedFiles) {
    counts.specifiers++;
    const { resolvedModule } = ts.resolveModuleName(ref.fileName, abs, options, ts.sys, cache);
    if (!resolvedModule) counts[ref.fileName.startsWith('.') ? 'unresolvedRelative' : 'unresolvedBare']++;
    else if (resolvedModule.isExternalLibraryImport || !isInside(resolvedModule.resolvedFileName))
      counts.external++;
    else {
      counts.internal++;
      pairs.add(`${rel}\0${relative(root, resolvedModule.resolvedFileName)}`);
    }
  }
}

function isInside(file) {
  const rel = relative(root, file);
  return !rel.startsWith('..') && !rel.split(/[\\/]/).includes('node_modules');
}

const ms = Math.round(performance.now() - started);
if (pairsOut) writeFileSync(pairsOut, [...pairs].sort().join('\n'));
console.log(
  JSON.stringify({
    tool: 'ts-api',
    ...counts,
    edges: pairs.size,
    configs: new Set(configs.values()).size,
    ms,
  }),
);
