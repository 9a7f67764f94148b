/**
 * Which better-sqlite3 the store drives: the addon named where `bindings` would take it first,
 * and in the gate bundle its bundled JavaScript only with the installed addon of the same release.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { keep, prepare } from '../../src/store/handles.js';
import { loadDriver, releaseAddon } from '../../src/store/sqlite-driver.js';
import { bundledDriver, installedPackage } from '../../src/store/sqlite-driver-bundled.js';

const root = '/pkg';
const at =
  (...files: string[]) =>
  (f: string) =>
    files.includes(f);
const release = path.join(root, 'build/Release/better_sqlite3.node');

describe('the better-sqlite3 driver', () => {
  it('names build/Release only when bindings would take it first', () => {
    expect(releaseAddon(root, at(release))).toBe(release);
    expect(releaseAddon(root, at(release, path.join(root, 'build/better_sqlite3.node')))).toBeUndefined();
    expect(
      releaseAddon(root, at(release, path.join(root, 'build/Debug/better_sqlite3.node'))),
    ).toBeUndefined();
    expect(releaseAddon(root, at())).toBeUndefined();
  });

  it('finds the installed package and its addon here, and opens a database with it', () => {
    const installed = installedPackage(import.meta.url);
    expect(installed?.version).toMatch(/^12\./);
    const driver = loadDriver();
    expect(driver.nativeBinding).toBe(path.join(installed!.root, 'build/Release/better_sqlite3.node'));
    // Kept, as handles.ts keeps its own: a collected wrapper aborts Node 24 (issue 24).
    const db = keep(new driver.Database(':memory:', { nativeBinding: driver.nativeBinding! }));
    expect(prepare(db, 'select 41 + 1 as n').get()).toEqual({ n: 42 });
    db.close();
  });

  it('drives the bundled JavaScript only with the addon of the same release', () => {
    const installed = installedPackage(import.meta.url)!;
    const Bundled = function Bundled() {} as never;
    const fallback = () => ({ Database: 'installed' as never });
    const same = bundledDriver({ Database: Bundled, version: installed.version }, () => installed, fallback);
    expect(same).toEqual({
      Database: Bundled,
      nativeBinding: path.join(installed.root, 'build/Release/better_sqlite3.node'),
    });
    expect(bundledDriver({ Database: Bundled, version: '0.0.1' }, () => installed, fallback)).toEqual(
      fallback(),
    );
    expect(
      bundledDriver({ Database: Bundled, version: installed.version }, () => undefined, fallback),
    ).toEqual(fallback());
    expect(
      bundledDriver(
        { Database: Bundled, version: installed.version },
        () => ({ root: '/nowhere', version: installed.version }),
        fallback,
      ),
    ).toEqual(fallback());
  });
});
