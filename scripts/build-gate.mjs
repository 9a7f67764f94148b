// Bundles the hook's path (`proofmap gate`) into dist/gate-hook/ (one entry module plus a lazily loaded chunk). The hook
// starts a new Node process per agent event, and loading ~40 separate ES modules costs more than
// the decision itself; one file cuts that. better-sqlite3 and oxc-parser stay external (native).
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

await build({
  entryPoints: [fileURLToPath(new URL('../src/cli/gate-entry.ts', import.meta.url))],
  outdir: fileURLToPath(new URL('../dist/gate-hook/', import.meta.url)),
  bundle: true,
  // The post-edit rename check parses with oxc; splitting keeps it (and oxc's native binding)
  // in a chunk loaded only when that check runs.
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: ['node20'],
  external: ['better-sqlite3', 'oxc-parser', 'web-tree-sitter'],
  // The bundle sits in dist/, so relative URLs (the js-ts worker, the schema) resolve as in dist/.
  logLevel: 'warning',
});
