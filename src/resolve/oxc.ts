/**
 * oxc-resolver factories and the options they share. Surprise (oxc-resolver 11.24): a factory made
 * with `cloneWithOptions` shares the parent's cache, and that cache keeps the first tsconfig it
 * loaded, so a clone given another `configFile` silently applies the first one. Hence one fresh
 * factory per tsconfig, and clones only for the type-only variant of the same config.
 */
import path from 'node:path';
import { type NapiResolveOptions, ResolverFactory } from 'oxc-resolver';

/** Conditions for value imports: key order in the exports map decides among them, as in Node. */
export const VALUE_CONDITIONS = ['import', 'require', 'module', 'node', 'browser', 'default'];
/** Type-only imports also accept `types`, so they land on declarations as tsc would. */
export const TYPE_CONDITIONS = ['types', 'typings', ...VALUE_CONDITIONS];

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
  conditionNames: VALUE_CONDITIONS,
  mainFields: ['module', 'main'],
};

const TYPE: NapiResolveOptions = {
  ...VALUE,
  extensions: TYPE_EXTENSIONS,
  extensionAlias: TYPE_EXTENSION_ALIAS,
  conditionNames: TYPE_CONDITIONS,
  mainFields: ['types', 'typings', 'module', 'main'],
};

export interface FactoryPair {
  value: ResolverFactory;
  type: ResolverFactory;
}

export function plainFactories(): FactoryPair {
  const value = new ResolverFactory(VALUE);
  return { value, type: value.cloneWithOptions(TYPE) };
}

/**
 * Factories applying one tsconfig, or oxc's reason for refusing it. oxc refuses a whole config (and
 * then fails every request, relative ones too) when an `extends` or a reference cannot be found, so
 * each factory is probed once; a config refused with references is retried without them.
 */
export function configFactories(
  absConfig: string,
): { pair: FactoryPair; references: boolean } | { refused: string } {
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
    return { pair: { value, type: value.cloneWithOptions({ ...TYPE, tsconfig }) }, references };
  }
  return { refused };
}
