// Bundles the CLI (`proofmap <command>`) into dist/cli-bundle/: an entry module plus chunks that
// each command loads lazily. Every CLI run is a new Node process, and resolving and compiling
// ~300 separate ES modules cost more than an unchanged rescan's own work; a handful of files cut
// that. Native addons stay external, and so do packages loaded by createRequire on demand (yaml
// for a configuration file, ajv when no precompiled validator exists), and web-tree-sitter, which
// finds its own .wasm next to its module.
//
// rolldown, not esbuild: esbuild's chunks import every chunk below them (a one-file rescan loaded
// 45 files with ~460 import statements, each resolved by Node's loader), rolldown's only the
// chunks they use (37 files, ~145 imports), and it split zod so that the query commands no longer
// load the MCP server's part of it. Measured on Node 20: module loading of a one-file rescan
// ~120 → ~106 ms CPU, of `impact` ~180 → ~133 ms.

import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'rolldown';
import { bundledSqliteRolldown } from './bundled-sqlite.mjs';

const outdir = fileURLToPath(new URL('../dist/cli-bundle/', import.meta.url));
const src = (rel) => fileURLToPath(new URL(`../src/${rel}`, import.meta.url));

// A clean folder: chunk names are content hashes, and stale ones from earlier builds would ship.
rmSync(outdir, { recursive: true, force: true });

// better-sqlite3's JavaScript is bundled, its addon taken from the installed package
// (scripts/bundled-sqlite.mjs); `bindings` is reached only when that addon is not where it would
// look first, and is then loaded as installed. A package's subpaths (oxc-parser/src-js/bindings)
// are as external as the package: rolldown matches a string only exactly, esbuild also below it.
const external = [
  'bindings',
  'oxc-parser',
  'oxc-resolver',
  '@parcel/watcher',
  'yaml',
  'ajv',
  'web-tree-sitter',
];
const isExternal = (id) => id.startsWith('node:') || external.some((p) => id === p || id.startsWith(`${p}/`));

await build({
  input: { main: src('cli/main.ts'), io: src('cli/io.ts') },
  platform: 'node',
  external: isExternal,
  plugins: [bundledSqliteRolldown],
  transform: { target: 'node20' },
  // CommonJS dependencies' require() calls become rolldown's own createRequire(import.meta.url)
  // (platform 'node'), which esbuild needed a banner for.
  logLevel: 'warn',
  // A warning is a build that may not run as the sources do: fail on it.
  onLog(level, log) {
    throw new Error(`rolldown ${level}: ${log.message}`);
  },
  output: {
    dir: outdir,
    format: 'es',
    entryFileNames: '[name].js',
    chunkFileNames: '[name]-[hash].js',
    // Doc comments are bytes every process parses; legal notices and pure annotations stay.
    comments: { legal: true, annotation: true, jsdoc: false },
  },
});
