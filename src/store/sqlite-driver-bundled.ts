/**
 * The gate hook's better-sqlite3: its JavaScript bundled into dist/gate-hook/gate.cjs
 * (scripts/build-gate.mjs), its addon from the installed package. Loading the package's dozen
 * CommonJS files one by one — resolve, read the package scope, compile — cost ~7–10 ms of every
 * hook process on Node 20, more than the decision itself.
 *
 * The bundled JavaScript only ever drives the addon of the same release: when the installed
 * package is another version (the bundle was built against different node_modules), or its addon
 * is not where `bindings` would take it first, the installed package is loaded as usual.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type DatabaseModule from 'better-sqlite3';
import { loadDriver, releaseAddon, type SqliteDriver } from './sqlite-driver.js';

export interface BundledSqlite {
  Database: typeof DatabaseModule;
  /** The version of the package the bundle was built from. */
  version: string;
}

export interface InstalledPackage {
  /** The package folder. */
  root: string;
  version: string;
}

/** better-sqlite3 as installed beside this file, or undefined when it cannot be found or read. */
export function installedPackage(from: string): InstalledPackage | undefined {
  try {
    const file = createRequire(from).resolve('better-sqlite3/package.json');
    const { version } = JSON.parse(readFileSync(file, 'utf8')) as { version?: unknown };
    return typeof version === 'string' ? { root: path.dirname(file), version } : undefined;
  } catch {
    return undefined;
  }
}

export function bundledDriver(
  bundled: BundledSqlite,
  find: () => InstalledPackage | undefined = () => installedPackage(import.meta.url),
  fallback: () => SqliteDriver = loadDriver,
): SqliteDriver {
  const installed = find();
  const addon = installed?.version === bundled.version ? releaseAddon(installed.root) : undefined;
  return addon ? { Database: bundled.Database, nativeBinding: addon } : fallback();
}
