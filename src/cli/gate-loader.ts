/**
 * Loads the gate hook's bundle (dist/gate-hook/gate.cjs) with a V8 code cache, on a Node without
 * `module.enableCompileCache` (before 22.1). Every edit event starts a new process that would
 * otherwise parse and compile the bundle, and then each function it calls, from scratch: 4–6 ms
 * of Node 20's time per event. The cache is made after the first run, so it also holds the
 * functions that run compiled, and it is only ever a shortcut: a cache that is missing, from
 * another build, or refused by V8 means a normal compile, then a fresh cache.
 *
 * The cache lives in the user's state folder (0700), never in a shared temporary folder: V8 runs
 * what the cache holds. It is named by the bundle's own content hash, which the build writes as
 * the bundle's last line — V8 itself only checks the source's length, and npm gives every file
 * of a package the same mtime, so neither size nor date tells two builds apart.
 */
// Named imports only: this file is bundled to CommonJS, where a default import of a Node module
// copies its every property into a wrapper object (esbuild's __toESM) before the gate even loads.
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire, Module } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Script } from 'node:vm';

export const BUILD_MARK = '//# proofmap-gate-build=';

/** Code caches kept per user: one per build and Node version in use on the machine. */
export const KEEP_CACHES = 8;

/** The build's content hash from the bundle's last line, or undefined when it has none. */
export function buildId(source: string): string | undefined {
  const at = source.lastIndexOf(BUILD_MARK);
  if (at < 0) return undefined;
  const id = source.slice(at + BUILD_MARK.length).trim();
  return /^[0-9a-f]{16,64}$/.test(id) ? id : undefined;
}

export function cachePath(stateFolder: string, id: string): string {
  return join(stateFolder, 'code-cache', `gate-${id}-${process.version}-${process.arch}.v8`);
}

export interface LoadedBundle {
  exports: Record<string, unknown>;
  /** What the cache did: used, absent, refused by V8, or not used (no build id, no folder). */
  cache: 'hit' | 'miss' | 'rejected' | 'off';
  /** Writes the cache when it was absent or refused; call once the bundle has done its work. */
  save(): void;
}

export function loadBundle(file: string, stateFolder: string | undefined): LoadedBundle {
  const source = readFileSync(file, 'utf8');
  const id = buildId(source);
  const target = id && stateFolder ? cachePath(stateFolder, id) : undefined;
  let cachedData: Buffer | undefined;
  if (target)
    try {
      cachedData = readFileSync(target);
    } catch {
      // No cache yet: compiled below, saved after the run.
    }
  const script = new Script(wrap(source), { filename: file, ...(cachedData ? { cachedData } : {}) });
  const cache = !target ? 'off' : !cachedData ? 'miss' : script.cachedDataRejected ? 'rejected' : 'hit';
  const mod = new Module(file);
  mod.filename = file;
  const run = script.runInThisContext() as (...args: unknown[]) => void;
  const folder = dirname(file);
  run.call(mod.exports, mod.exports, createRequire(file), mod, file, folder, bundleImport(folder));
  return {
    exports: mod.exports as Record<string, unknown>,
    cache,
    save: () => {
      if (target && (cache === 'miss' || cache === 'rejected')) saveCache(target, script.createCachedData());
    },
  };
}

/**
 * Node's module wrapper plus `__gateImport`: a script compiled from a code cache loses its own
 * import() callback on Node 20, so the bundle's import() calls (the YAML parser, the rename
 * check's parser) come here, to an import() of this module, which Node compiled itself.
 */
function wrap(source: string): string {
  return `(function (exports, require, module, __filename, __dirname, __gateImport) { ${source}\n});`;
}

/** import() for the bundle: relative specifiers from the bundle's folder, bare ones as installed. */
export function bundleImport(folder: string): (specifier: string) => Promise<unknown> {
  return (specifier) =>
    import(specifier.startsWith('.') ? pathToFileURL(resolve(folder, specifier)).href : specifier);
}

/** Written beside and renamed over, so a concurrent hook process never reads half a cache. */
function saveCache(target: string, data: Buffer): void {
  const folder = dirname(target);
  const temporary = `${target}.${process.pid}.tmp`;
  try {
    mkdirSync(folder, { recursive: true, mode: 0o700 });
    writeFileSync(temporary, data, { mode: 0o600 });
    renameSync(temporary, target);
    prune(folder, target);
  } catch {
    // A cache that cannot be written only costs the next process a compile.
    rmSync(temporary, { force: true });
  }
}

/** Drops the oldest caches past KEEP_CACHES: old builds and Node versions leave theirs behind. */
function prune(folder: string, kept: string): void {
  const caches = readdirSync(folder)
    .filter((name) => name.startsWith('gate-') && name.endsWith('.v8'))
    .map((name) => join(folder, name))
    .filter((file) => file !== kept)
    .map((file) => ({ file, time: statSync(file).mtimeMs }))
    .sort((a, b) => b.time - a.time || (a.file < b.file ? -1 : 1));
  for (const old of caches.slice(KEEP_CACHES - 1)) rmSync(old.file, { force: true });
}

export { stateDir } from '../store/state-dir.js';
