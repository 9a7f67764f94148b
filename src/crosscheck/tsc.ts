/**
 * The reference side of the cross-check: the repository's own TypeScript compiler resolving each
 * specifier with `ts.resolveModuleName` under the tsconfig that governs the file (the same nearest
 * tsconfig.json / jsconfig.json proofmap applies). `allowJs` and `resolveJsonModule` are forced on,
 * because proofmap maps JavaScript and JSON modules too; a file with no config is resolved as a
 * bundler-minded tsc would.
 *
 * The compiler is passed in, never imported: proofmap does not depend on typescript, and the answer
 * must be the user's compiler version's answer.
 */
import path from 'node:path';
import { dirOf } from '../resolve/tsconfig.js';

/** The part of the TypeScript API the cross-check uses (structural, so no dependency on its types). */
export interface TypeScriptApi {
  version: string;
  sys: object & { fileExists(path: string): boolean };
  ModuleKind: { CommonJS: number; ESNext: number };
  ModuleResolutionKind: { Bundler: number; Node16: number; NodeNext: number };
  getEmitModuleResolutionKind(options: object): number;
  getParsedCommandLineOfConfigFile(
    file: string,
    existing: object | undefined,
    host: object,
  ): { options: Record<string, unknown> } | undefined;
  createModuleResolutionCache(dir: string, canonical: (f: string) => string, options: object): TscCache;
  getImpliedNodeFormatForFile(
    file: string,
    cache: unknown,
    host: object,
    options: object,
  ): number | undefined;
  resolveModuleName(
    name: string,
    file: string,
    options: object,
    host: object,
    cache?: TscCache,
    redirect?: undefined,
    mode?: number,
  ): { resolvedModule?: { resolvedFileName: string } };
  resolveTripleslashReference(name: string, file: string): string;
}

interface TscCache {
  getPackageJsonInfoCache(): unknown;
}

/** What tsc made of one specifier, in repository terms. */
export type TscTarget =
  | { kind: 'file'; path: string }
  | { kind: 'undiscovered'; path: string }
  | { kind: 'external' }
  | { kind: 'unresolved' };

export interface TscResolver {
  resolve(
    fromFile: string,
    specifier: string,
    syntax: 'static' | 'dynamic' | 'require' | 'reference',
  ): TscTarget;
  /** The compiler options' `paths` keys of the config governing a file (for naming a cause). */
  pathsOf(fromFile: string): Record<string, string[]> | undefined;
  /**
   * The export-map conditions tsc matches for a value import from this file, read from tsc's own
   * parse of the config: import or require, node under node16/nodenext, customConditions,
   * default (and types, which it always adds).
   */
  conditions(fromFile: string, syntax: 'static' | 'dynamic' | 'require'): string[];
}

const CONFIG_NAMES = ['tsconfig.json', 'jsconfig.json'];

export function createTscResolver(ts: TypeScriptApi, root: string, files: ReadonlySet<string>): TscResolver {
  // Only compiler options are needed: a host that lists no directories keeps tsc from globbing
  // `include` once per config.
  const host = { ...ts.sys, readDirectory: () => [], onUnRecoverableConfigFileDiagnostic: () => {} };
  const configs = new Map<string, { options: Record<string, unknown>; cache: TscCache }>();
  const nearest = new Map<string, string | undefined>();
  const locate = (dir: string): string | undefined => {
    if (nearest.has(dir)) return nearest.get(dir);
    const own = CONFIG_NAMES.map((n) => (dir ? `${dir}/${n}` : n)).find((p) => files.has(p));
    const found = own ?? (dir === '' ? undefined : locate(dirOf(dir)));
    nearest.set(dir, found);
    return found;
  };
  const configFor = (fromFile: string) => {
    const rel = locate(dirOf(fromFile)) ?? '';
    let config = configs.get(rel);
    if (!config) {
      const parsed = rel ? ts.getParsedCommandLineOfConfigFile(path.join(root, rel), {}, host) : undefined;
      const options = {
        ...(parsed?.options ?? {
          moduleResolution: ts.ModuleResolutionKind.Bundler,
          module: ts.ModuleKind.ESNext,
        }),
        allowJs: true,
        resolveJsonModule: true,
        noEmit: true,
      };
      config = { options, cache: ts.createModuleResolutionCache(root, (f) => f, options) };
      configs.set(rel, config);
    }
    return config;
  };
  const target = (abs: string | undefined): TscTarget => {
    if (abs === undefined) return { kind: 'unresolved' };
    const rel = path.relative(root, abs).split(path.sep).join('/');
    if (rel.startsWith('../') || path.isAbsolute(rel) || rel.split('/').includes('node_modules'))
      return { kind: 'external' };
    return files.has(rel) ? { kind: 'file', path: rel } : { kind: 'undiscovered', path: rel };
  };

  const modeOf = (fromFile: string, syntax: 'static' | 'dynamic' | 'require') => {
    const { options, cache } = configFor(fromFile);
    if (syntax === 'require') return ts.ModuleKind.CommonJS;
    if (syntax === 'dynamic') return ts.ModuleKind.ESNext;
    const abs = path.join(root, fromFile);
    return ts.getImpliedNodeFormatForFile(abs, cache.getPackageJsonInfoCache(), ts.sys, options);
  };

  return {
    pathsOf: (fromFile) => configFor(fromFile).options.paths as Record<string, string[]> | undefined,
    conditions(fromFile, syntax) {
      const { options } = configFor(fromFile);
      const kind = ts.getEmitModuleResolutionKind(options);
      const nodeStyle = kind === ts.ModuleResolutionKind.Node16 || kind === ts.ModuleResolutionKind.NodeNext;
      const custom = Array.isArray(options.customConditions) ? (options.customConditions as string[]) : [];
      const loader = modeOf(fromFile, syntax) === ts.ModuleKind.CommonJS ? 'require' : 'import';
      return ['types', ...(nodeStyle ? ['node'] : []), loader, ...custom, 'default'];
    },
    resolve(fromFile, specifier, syntax) {
      const abs = path.join(root, fromFile);
      if (syntax === 'reference') {
        const p = ts.resolveTripleslashReference(specifier, abs);
        return target([p, `${p}.ts`, `${p}.tsx`, `${p}.d.ts`].find((c) => ts.sys.fileExists(c)));
      }
      const { options, cache } = configFor(fromFile);
      const mode = modeOf(fromFile, syntax);
      const found = ts.resolveModuleName(specifier, abs, options, ts.sys, cache, undefined, mode);
      return target(found.resolvedModule?.resolvedFileName);
    },
  };
}
