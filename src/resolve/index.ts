/**
 * The resolve stage: specifier → discovered file, npm package, builtin, or a reason why not.
 * oxc-resolver does the resolving with the tsconfig that governs each file; this module decides
 * what its answer means for the map and fills the gaps it leaves when node_modules or build output
 * is absent (workspace packages, `#imports` into unbuilt output, configs it refuses). Each import is
 * resolved in one environment (environment.ts: conditions, strict ESM) chosen from the governing
 * tsconfig, the file's module format and the import's syntax. Results are cached per (environment,
 * directory, specifier) for paths and per (environment, config, package scope, specifier) for bare
 * specifiers, which is what makes 70 000 imports cheap.
 */
import path from 'node:path';
import type { ResolveResult } from 'oxc-resolver';
import { createConfigs, type GoverningConfig } from './configs.js';
import {
  type Environment,
  environmentFor,
  type ImportSyntax,
  type ModuleFormat,
  moduleFormat,
} from './environment.js';
import { type Landing, landing } from './landing.js';
import { plainFactories } from './oxc.js';
import { createPackageEntries } from './package-entry.js';
import { matchPathsAlias } from './paths-alias.js';
import { resolveReferencePath } from './reference-path.js';
import { namesDirectory, relativeFile } from './relative-path.js';
import { packageName, packageNameFromPath, type SpecifierKind, specifierKind } from './specifier.js';
import { dirOf } from './tsconfig.js';
import { type Outcome, type Resolver, type ResolverInput, unresolved } from './types.js';
import { findWorkspaces } from './workspaces.js';

export { type Environment, type ImportSyntax, syntaxOf } from './environment.js';
export type {
  Resolution,
  ResolvedVia,
  ResolveOptions,
  Resolver,
  ResolverInput,
  WorkspacePackage,
} from './types.js';

const DECLARATION_FILE = /\.d\.[cm]?ts$/;

interface FileInfo {
  dir: string;
  declaration: boolean;
  format: ModuleFormat;
  /** Interned environments by (syntax, typeOnly). */
  slots: (Environment | undefined)[];
}

export function createResolver(input: ResolverInput): Resolver {
  const { root, files } = input;
  const workspaces = findWorkspaces(files, input.readText);
  const plain = plainFactories();
  const configs = createConfigs(input, workspaces);
  const packages = createPackageEntries(input, workspaces, plain);
  // [cache] → scope → specifier → outcome. Nested maps, so that no key string is built per import.
  // A path's answer depends only on strict ESM and type-only (conditions never apply to it); a
  // bare specifier's on the whole environment. Environments are interned: the object is the key.
  const pathCaches = [0, 1, 2, 3].map(() => new Map<string, Map<string, Outcome>>());
  const bareCaches = new Map<Environment, Map<string, Map<string, Outcome>>>();
  const bareCache = (env: Environment) => {
    let cache = bareCaches.get(env);
    if (!cache) {
      cache = new Map();
      bareCaches.set(env, cache);
    }
    return cache;
  };
  const abs = (rel: string) => path.join(root, rel);

  const resolvePath = (dir: string, specifier: string, env: Environment, typeOnly: boolean): Outcome => {
    const known = specifier.startsWith('/')
      ? undefined
      : relativeFile(files, dir, specifier, typeOnly, env.strictEsm);
    if (known !== undefined) return { kind: 'file', path: known };
    const factory = plain.get(env, typeOnly);
    const request = namesDirectory(specifier) && !specifier.endsWith('/') ? `${specifier}/` : specifier;
    const found = landing(root, files, factory.sync(abs(dir), request), specifier);
    if (found.kind === 'file') return found;
    if (found.kind === 'node_modules' || found.kind === 'outside') return leftRepository(specifier, found);
    if (found.kind === 'undiscovered') return notDiscovered(specifier, found.path);
    if (env.strictEsm) {
      const probed = relativeFile(files, dir, specifier, typeOnly, false);
      if (probed !== undefined)
        return unresolved(
          (from) =>
            `${specifier} from ${from}: under moduleResolution node16/nodenext an ESM import names the file with its extension and gets no directory index (tsc and Node refuse it); a bundler would take ${probed}`,
        );
    }
    return unresolved((from) => `no file matches ${specifier} from ${from}`);
  };

  // paths/baseUrl through oxc when it accepted the config, else through our own reading of it.
  const viaConfig = (
    fromFile: string,
    dir: string,
    specifier: string,
    env: Environment,
    typeOnly: boolean,
    config?: GoverningConfig,
  ) => {
    if (config?.oxc) {
      const factory = config.oxc.get(env, typeOnly);
      return config.byFile
        ? factory.resolveFileSync(abs(fromFile), specifier)
        : factory.sync(abs(dir), specifier);
    }
    const factory = plain.get(env, typeOnly);
    const { paths, baseUrl } = config?.reading ?? {};
    const targets = (paths && matchPathsAlias(paths, specifier)?.targets) ?? [];
    if (baseUrl !== undefined) targets.push(path.posix.join(baseUrl, specifier));
    for (const target of targets) {
      const result: ResolveResult = factory.sync(root, abs(target));
      if (result.path) return result;
    }
    return factory.sync(abs(dir), specifier);
  };

  const resolveBare = (
    fromFile: string,
    specifier: string,
    kind: SpecifierKind,
    env: Environment,
    typeOnly: boolean,
  ): Outcome => {
    const dir = dirOf(fromFile);
    const config = configs.forDir(dir);
    const found = landing(root, files, viaConfig(fromFile, dir, specifier, env, typeOnly, config), specifier);
    if (found.kind === 'file') return withCondition(found, specifier, env, fromFile);
    if (found.kind === 'node_modules' || found.kind === 'outside') return leftRepository(specifier, found);
    const workspace = packages.workspace(specifier, env, typeOnly);
    if (workspace) return workspace;
    const alias = config?.reading.paths ? matchPathsAlias(config.reading.paths, specifier) : undefined;
    if (kind === 'imports') {
      const mapped = packages.imports(fromFile, specifier, env, typeOnly);
      if (mapped.kind !== 'unresolved' || !alias) return mapped;
    }
    // A catch-all `*` pattern matches every package name; tsc then falls back to node_modules.
    if (alias && alias.pattern !== '*') {
      const where = config?.reading.path;
      return unresolved(
        () => `${specifier} matches the paths alias ${alias.pattern} of ${where}, but no file matches`,
      );
    }
    if (found.kind === 'undiscovered') return notDiscovered(specifier, found.path);
    const name = packageName(specifier);
    if (name) return { kind: 'external', name };
    return unresolved(() => `${specifier} is neither an npm package name nor a configured alias`);
  };

  // A bare specifier's answer depends on the governing config and the package.json scope (self-
  // references, #imports), not on the directory: keying by both shares one answer across a package.
  const bareScopes = new Map<string, string | undefined>();
  const bareScope = (fromFile: string, dir: string): string => {
    if (!bareScopes.has(dir)) {
      const config = configs.forDir(dir);
      const scope = `${config?.reading.path ?? ''}\0${packages.manifestFor(dir) ?? ''}`;
      bareScopes.set(dir, config?.byFile ? undefined : scope);
    }
    return bareScopes.get(dir) ?? fromFile;
  };

  // The condition an exports map chose, for evidence: found by walking the map with our conditions.
  const withCondition = (
    found: { kind: 'file'; path: string },
    specifier: string,
    env: Environment,
    fromFile: string,
  ) => {
    const condition = packages.chosenCondition(specifier, env, fromFile);
    return condition === undefined ? found : { ...found, condition };
  };

  // Per importing file, computed once: its directory, whether it is a declaration file, and per
  // (syntax, typeOnly) one interned environment, so an import costs one map lookup and an index.
  const envs = new Map<string, Environment>();
  const packageTypes = new Map<string, string | undefined>();
  const fileInfos = new Map<string, FileInfo>();
  const SYNTAX_SLOT: Record<ImportSyntax, number> = { static: 0, dynamic: 2, require: 4 };
  const fileInfo = (fromFile: string): FileInfo => {
    let info = fileInfos.get(fromFile);
    if (!info) {
      const dir = dirOf(fromFile);
      if (!packageTypes.has(dir)) packageTypes.set(dir, packages.packageType(dir));
      info = {
        dir,
        declaration: DECLARATION_FILE.test(fromFile),
        format: moduleFormat(fromFile, packageTypes.get(dir)),
        slots: [],
      };
      fileInfos.set(fromFile, info);
    }
    return info;
  };
  const environment = (info: FileInfo, syntax: ImportSyntax, typeOnly: boolean) => {
    const slot = SYNTAX_SLOT[syntax] + (typeOnly ? 1 : 0);
    let env = info.slots[slot];
    if (!env) {
      const made = environmentFor(configs.forDir(info.dir)?.reading, info.format, syntax, typeOnly);
      env = envs.get(made.key) ?? made;
      envs.set(env.key, env);
      info.slots[slot] = env;
    }
    return env;
  };

  return {
    workspaces,
    coverage: () => configs.coverage(),
    environment(fromFile, opts = {}) {
      const info = fileInfo(fromFile);
      return environment(info, opts.syntax ?? 'static', opts.typeOnly === true || info.declaration);
    },
    resolve(fromFile, specifier, opts = {}) {
      if (opts.referencePath) return resolveReferencePath(files, fromFile, specifier);
      const kind = specifierKind(specifier);
      if (kind === 'builtin') return { kind: 'builtin', name: specifier };
      if (kind === 'scheme')
        return {
          kind: 'unresolved',
          reason: `${specifier} names a URL or virtual module, not a file or a package`,
        };
      const info = fileInfo(fromFile);
      // A declaration file never runs: every import in it is for types, as tsc reads it.
      const typeOnly = opts.typeOnly === true || info.declaration;
      const { dir } = info;
      const env = environment(info, opts.syntax ?? 'static', typeOnly);
      const isPath = kind === 'relative' || kind === 'absolute';
      const scope = isPath ? dir : bareScope(fromFile, dir);
      const cache = isPath ? pathCaches[(env.strictEsm ? 2 : 0) + (typeOnly ? 1 : 0)]! : bareCache(env);
      let inScope = cache.get(scope);
      if (!inScope) {
        inScope = new Map();
        cache.set(scope, inScope);
      }
      let outcome = inScope.get(specifier);
      if (!outcome) {
        outcome = isPath
          ? resolvePath(dir, specifier, env, typeOnly)
          : resolveBare(fromFile, specifier, kind, env, typeOnly);
        inScope.set(specifier, outcome);
      }
      return outcome.kind === 'unresolved'
        ? { kind: 'unresolved', reason: outcome.reason(fromFile) }
        : outcome;
    },
  };
}

/**
 * Landed in node_modules (through a relative path or a paths alias: we never search node_modules)
 * or outside the root: a package when a name can be read, from the path first, else a miss.
 */
function leftRepository(specifier: string, found: Landing): Outcome {
  const fromPath = found.kind === 'node_modules' ? packageNameFromPath(found.path) : undefined;
  const name = fromPath ?? packageName(specifier);
  if (name) return { kind: 'external', name };
  return unresolved((from) => `${specifier} from ${from} resolves outside the repository root`);
}

function notDiscovered(specifier: string, rel: string): Outcome {
  return unresolved(
    () => `${specifier} resolves to ${rel}, which is not a discovered file (excluded or ignored)`,
  );
}
