// The plugin both bundles use for better-sqlite3, for esbuild (the hook's, scripts/build-gate.mjs)
// and for rolldown (the CLI's, scripts/build-cli.mjs): store/handles.ts gets, for
// './sqlite-driver.js', a module that hands the bundled copy of the package's JavaScript its
// installed addon (store/sqlite-driver-bundled.ts, which checks that the two are of one release).
// Loading the package's dozen CommonJS files one by one was ~7–10 ms of every process that opens
// an index.
import { fileURLToPath } from 'node:url';

const src = (rel) => fileURLToPath(new URL(`../src/${rel}`, import.meta.url));

const contents = `
import { bundledDriver } from ${JSON.stringify(src('store/sqlite-driver-bundled.ts'))};
import Database from 'better-sqlite3/lib/index.js';
import { version } from 'better-sqlite3/package.json';
export const loadDriver = () => bundledDriver({ Database, version });
`;

export const bundledSqlite = {
  name: 'bundled-sqlite',
  setup(b) {
    b.onResolve({ filter: /\/sqlite-driver\.js$/ }, (args) =>
      args.importer.endsWith(`${'store'}/handles.ts`)
        ? { path: 'bundled-sqlite', namespace: 'proofmap-sqlite' }
        : undefined,
    );
    b.onLoad({ filter: /^bundled-sqlite$/, namespace: 'proofmap-sqlite' }, () => ({
      contents,
      loader: 'js',
      resolveDir: src('store'),
    }));
  },
};

/** The same substitution as a rolldown (Rollup-style) plugin. */
export const bundledSqliteRolldown = {
  name: 'bundled-sqlite',
  resolveId(id, importer) {
    if (/\/sqlite-driver\.js$/.test(id) && importer?.endsWith(`${'store'}/handles.ts`))
      return '\0bundled-sqlite';
    return null;
  },
  load(id) {
    return id === '\0bundled-sqlite' ? { code: contents, moduleType: 'js' } : null;
  },
};
