/**
 * Loading better-sqlite3: its constructor, and the addon file to hand it. Only handles.ts uses
 * this. Left alone, better-sqlite3 finds its addon through the `bindings` package, which builds a
 * stack trace to find the caller and tries `require()` on candidate paths until one loads (two
 * fail before the usual build/Release one): about a millisecond and two more modules on every
 * process that opens an index. When the addon sits where `bindings` would take it first anyway,
 * we name it and skip the search; otherwise `bindings` decides, as before.
 *
 * The gate hook's bundle replaces this module with sqlite-driver-bundled.ts (scripts/build-gate.mjs).
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type DatabaseModule from 'better-sqlite3';

export interface SqliteDriver {
  Database: typeof DatabaseModule;
  /** The addon's path, for the constructor's `nativeBinding` option; undefined lets `bindings` search. */
  nativeBinding?: string;
}

const ADDON = 'better_sqlite3.node';

/**
 * The addon `bindings` would load from the package folder `root`, when it is build/Release's: the
 * two candidates `bindings` tries before that one must be absent, or it would take one of them.
 */
export function releaseAddon(
  root: string,
  exists: (file: string) => boolean = existsSync,
): string | undefined {
  const build = path.join(root, 'build');
  if (exists(path.join(build, ADDON)) || exists(path.join(build, 'Debug', ADDON))) return undefined;
  const release = path.join(build, 'Release', ADDON);
  return exists(release) ? release : undefined;
}

// Required, not imported: better-sqlite3 is CommonJS, and an ES import of it first lexes its
// source for named exports — 15 ms of every CLI start against 6 ms for require (Node 20).
export function loadDriver(): SqliteDriver {
  const require = createRequire(import.meta.url);
  const Database = require('better-sqlite3') as typeof DatabaseModule;
  // lib/index.js → the package folder.
  const nativeBinding = releaseAddon(path.dirname(path.dirname(require.resolve('better-sqlite3'))));
  return { Database, ...(nativeBinding ? { nativeBinding } : {}) };
}
