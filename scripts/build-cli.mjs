// Bundles the CLI (`proofmap <command>`) into dist/cli-bundle/: an entry module plus chunks that
// each command loads lazily. Every CLI run is a new Node process, and resolving and compiling
// ~300 separate ES modules cost more than an unchanged rescan's own work; a handful of files cut
// that. Native addons stay external, and so do packages loaded by createRequire on demand (yaml
// for a configuration file, ajv when no precompiled validator exists), and web-tree-sitter, which
// finds its own .wasm next to its module.

import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { bundledSqlite } from './bundled-sqlite.mjs';

// A clean folder: chunk names are content hashes, and stale ones from earlier builds would ship.
rmSync(fileURLToPath(new URL('../dist/cli-bundle/', import.meta.url)), { recursive: true, force: true });

await build({
  entryPoints: {
    main: fileURLToPath(new URL('../src/cli/main.ts', import.meta.url)),
    io: fileURLToPath(new URL('../src/cli/io.ts', import.meta.url)),
  },
  outdir: fileURLToPath(new URL('../dist/cli-bundle/', import.meta.url)),
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: ['node20'],
  // better-sqlite3's JavaScript is bundled, its addon taken from the installed package
  // (scripts/bundled-sqlite.mjs); `bindings` is reached only when that addon is not where it
  // would look first, and is then loaded as installed.
  external: ['bindings', 'oxc-parser', 'oxc-resolver', '@parcel/watcher', 'yaml', 'ajv', 'web-tree-sitter'],
  // CommonJS dependencies bundled into ESM call require() for Node builtins.
  banner: {
    js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);",
  },
  plugins: [bundledSqlite],
  logLevel: 'warning',
});
