/**
 * oxc-resolver factories and the options they share. Surprise (oxc-resolver 11.24): a factory made
 * with `cloneWithOptions` shares the parent's cache, and that cache keeps the first tsconfig it
 * loaded, so a clone given another `configFile` silently applies the first one. Hence one fresh
 * factory per tsconfig, and clones only for the variants (environment, type-only) of the same config.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import type * as Oxc from 'oxc-resolver';
import type { Environment } from './environment.js';

// Required, not imported: oxc-resolver is CommonJS, and an ES import of it made Node compile its
// CommonJS export lexer and pre-parse the binding loader first, ~5 ms of every one-file edit rescan.
const { ResolverFactory } = createRequire(import.meta.url)('oxc-resolver') as typeof Oxc;
type ResolverFactory = Oxc.ResolverFactory;
type NapiResolveOptions = Oxc.NapiResolveOptions;

/** Extension lists shared with the pure fast path (relative-path.ts), so both try files in one order. */
export const VALUE_EXTENSIONS = [
  '.ts',
  '.tsx',
  '.mts',
  '.cts',
  '.js',
  '.jsx',
  '.mjs',
  '.cjs',
  '.d.ts',
  '.json',
];
export const TYPE_EXTENSIONS = [
  '.ts',
  '.tsx',
  '.d.ts',
  '.mts',
  '.cts',
  '.d.mts',
  '.d.cts',
  '.js',
  '.jsx',
  '.mjs',
  '.cjs',
  '.json',
];
export const VALUE_EXTENSION_ALIAS: Record<string, string[]> = {
  '.js': ['.ts', '.tsx', '.js', '.d.ts'],
  '.jsx': ['.tsx', '.jsx', '.d.ts'],
  '.mjs': ['.mts', '.mjs', '.d.mts'],
  '.cjs': ['.cts', '.cjs', '.d.cts'],
};
// A value import of `./x.js` means the code in x.js; a type-only import means its declarations.
export const TYPE_EXTENSION_ALIAS: Record<string, string[]> = {
  '.js': ['.ts', '.tsx', '.d.ts', '.js'],
  '.jsx': ['.tsx', '.d.ts', '.jsx'],
  '.mjs': ['.mts', '.d.mts', '.mjs'],
  '.cjs': ['.cts', '.d.cts', '.cjs'],
};

const VALUE: NapiResolveOptions = {
  // Never look in node_modules: an internal edge must not depend on whether it is installed, and an
  // external's name is read from the specifier anyway. NODE_PATH is ignored for the same reason.
  modules: [],
  nodePath: false,
  // Keep paths as written so they compare equal to the discovered (lexical) file list.
  symlinks: false,
  extensions: VALUE_EXTENSIONS,
  extensionAlias: VALUE_EXTENSION_ALIAS,
  // Replaced per import by the environment's conditions (environment.ts).
  conditionNames: ['node', 'import', 'default'],
  mainFields: ['module', 'main'],
};

const TYPE: NapiResolveOptions = {
  ...VALUE,
  extensions: TYPE_EXTENSIONS,
  extensionAlias: TYPE_EXTENSION_ALIAS,
  conditionNames: ['types', 'node', 'import', 'default'],
  mainFields: ['types', 'typings', 'module', 'main'],
};

/**
 * The factories of one tsconfig (or of none): one per environment and value/type, made on first
 * use as clones of one base, so that they share its file-system cache and its tsconfig.
 */
export interface Factories {
  get(env: Environment, typeOnly: boolean): ResolverFactory;
}

function factories(base: ResolverFactory, tsconfig?: NapiResolveOptions['tsconfig']): Factories {
  const made = new Map<string, ResolverFactory>();
  return {
    get(env, typeOnly) {
      const key = `${typeOnly ? 't' : 'v'}|${env.key}`;
      let factory = made.get(key);
      if (!factory) {
        factory = base.cloneWithOptions({
          ...(typeOnly ? TYPE : VALUE),
          conditionNames: env.conditions,
          fullySpecified: env.strictEsm,
          ...(tsconfig ? { tsconfig } : {}),
        });
        made.set(key, factory);
      }
      return factory;
    },
  };
}

export function plainFactories(): Factories {
  return factories(new ResolverFactory(VALUE));
}

/**
 * Factories applying one tsconfig, or oxc's reason for refusing it. oxc refuses a whole config (and
 * then fails every request, relative ones too) when an `extends` or a reference cannot be found, so
 * each factory is probed once; a config refused with references is retried without them.
 */
export function configFactories(
  absConfig: string,
): { factories: Factories; references: boolean } | { refused: string } {
  let refused = '';
  for (const references of [true, false]) {
    const tsconfig = references
      ? { configFile: absConfig, references: 'auto' as const }
      : { configFile: absConfig };
    const value = new ResolverFactory({ ...VALUE, tsconfig });
    const probe = value.sync(path.dirname(absConfig), './.proofmap-resolver-probe');
    if (probe.error && /tsconfig/i.test(probe.error)) {
      refused ||= probe.error;
      continue;
    }
    return { factories: factories(value, tsconfig), references };
  }
  return { refused };
}
