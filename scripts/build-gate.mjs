// Bundles the hook's path (`proofmap gate`) into one CommonJS file, dist/gate-hook/gate.cjs, run
// by bin/proofmap-gate.cjs. The hook starts a new Node process per agent event, so what loads
// before the decision is most of its cost: one file instead of ~40 ES modules, and CommonJS so
// that Node never starts its ES module loader (≈5 ms of CPU per process on Node 20).
// better-sqlite3 and oxc-parser stay external (native). The post-edit rename check's parser
// (dist/extract/js-ts.js, ES module) and the YAML parser stay out of the bundle and are
// imported only when that path runs.
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

await build({
  entryPoints: [fileURLToPath(new URL('../src/cli/gate-entry.ts', import.meta.url))],
  outfile: fileURLToPath(new URL('../dist/gate-hook/gate.cjs', import.meta.url)),
  bundle: true,
  format: 'cjs',
  platform: 'node',
  target: ['node20'],
  external: ['better-sqlite3', 'oxc-parser', 'web-tree-sitter', 'yaml'],
  // createRequire(import.meta.url) (store/handles.ts) in a CommonJS file: the file's own URL.
  define: { 'import.meta.url': '__gateBundleUrl' },
  banner: { js: 'var __gateBundleUrl = require("node:url").pathToFileURL(__filename).href;' },
  plugins: [
    {
      name: 'lazy-parser',
      setup(b) {
        // dist/gate-hook/ → dist/extract/: the same module the CLI uses, loaded on demand.
        b.onResolve({ filter: /\/extract\/js-ts\.js$/ }, () => ({
          path: '../extract/js-ts.js',
          external: true,
        }));
      },
    },
  ],
  logLevel: 'warning',
});
