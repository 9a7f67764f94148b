// Bundles the hook's path (`proofmap gate`) into one CommonJS file, dist/gate-hook/gate.cjs, run
// by bin/proofmap-gate.cjs. The hook starts a new Node process per agent event, so what loads
// before the decision is most of its cost: one file instead of ~40 ES modules, and CommonJS so
// that Node never starts its ES module loader (≈5 ms of CPU per process on Node 20).
// better-sqlite3's JavaScript is bundled too (store/sqlite-driver-bundled.ts), its addon loaded
// from the installed package; oxc-parser stays external (native). The post-edit rename check's parser
// (dist/extract/js-ts.js, ES module) and the YAML parser stay out of the bundle and are
// imported only when that path runs.
import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { bundledSqlite } from './bundled-sqlite.mjs';

const src = (rel) => fileURLToPath(new URL(`../src/${rel}`, import.meta.url));

const outfile = fileURLToPath(new URL('../dist/gate-hook/gate.cjs', import.meta.url));
const bundled = await build({
  entryPoints: [src('cli/gate-entry.ts')],
  outfile,
  write: false,
  bundle: true,
  format: 'cjs',
  platform: 'node',
  target: ['node20'],
  // The installed better-sqlite3 is still loaded by createRequire, which esbuild leaves alone:
  // the fallback when the bundled copy does not match it. `bindings` is never reached from the
  // bundled copy, which is always handed its addon.
  external: ['bindings', 'oxc-parser', 'web-tree-sitter', 'yaml'],
  // createRequire(import.meta.url) (store/handles.ts) in a CommonJS file: the file's own URL.
  define: { 'import.meta.url': '__gateBundleUrl' },
  // __gateImport: see the import() rewrite below.
  banner: {
    js: [
      'var __gateBundleUrl = require("node:url").pathToFileURL(__filename).href;',
      'var __gateImport = __gateImport || ((specifier) => import(specifier));',
      'var __nodeModule = (m) => ({ __proto__: m, default: m });',
    ].join('\n'),
  },
  plugins: [
    bundledSqlite,
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

// The last line names the build by its content: the loader's code cache is keyed by it
// (cli/gate-loader.ts), since V8 only checks a cached script's length.
const [output] = bundled.outputFiles;
// On Node 20 a script compiled from a code cache loses its import() callback ("A dynamic import
// callback was not specified"), so the bundle's import() calls go through __gateImport: the
// loader passes one made in its own module (cli/gate-loader.ts), a plain require defines it in
// the banner. Only literal specifiers exist in the bundle; anything else fails the build.
// And a default import of a Node module is esbuild's __toESM(require("node:…"), 1): a new object
// with a getter per property of fs, path, crypto… (~1 ms of every hook process). An object that
// inherits the module's properties and names it `default` reads the same.
const text = output.text
  .replace(/__toESM\((require\("node:[\w/]+"\)), 1\)/g, '__nodeModule($1)')
  .replace(/\bimport\(("(?:[^"\\]|\\.)*")\)/g, '__gateImport($1)');
const left = text
  .split('\n')
  .filter((line) => /\bimport\((?!\))/.test(line) && !line.startsWith('var __gateImport'));
if (left.length > 0) throw new Error(`build-gate: an import() the loader cannot route: ${left[0].trim()}`);
const id = createHash('sha256').update(text).digest('hex').slice(0, 32);
mkdirSync(path.dirname(outfile), { recursive: true });
writeFileSync(outfile, `${text}//# proofmap-gate-build=${id}\n`);

// Node before 22.1 has no module.enableCompileCache: bin/proofmap-gate.cjs loads the bundle
// through this small loader, which keeps a V8 code cache of it.
await build({
  entryPoints: [src('cli/gate-loader.ts')],
  outfile: fileURLToPath(new URL('../dist/gate-hook/loader.cjs', import.meta.url)),
  bundle: true,
  format: 'cjs',
  platform: 'node',
  target: ['node20'],
  logLevel: 'warning',
});
