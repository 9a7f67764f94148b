/**
 * What kind of module name a specifier is, decided by its text alone, and the npm package name a
 * bare specifier names. Nothing here looks at files.
 */
import { builtinModules } from 'node:module';

const BUILTINS = new Set(builtinModules);
/** npm's rule for package names; uppercase is tolerated because legacy names (JSONStream) exist. */
const PACKAGE_NAME = /^(?:@[a-z0-9-*~][a-z0-9-*._~]*\/)?[a-z0-9-][a-z0-9-._~]*$/i;
const SCHEME = /^[a-z][a-z0-9+.-]*:/i;

export type SpecifierKind = 'relative' | 'absolute' | 'builtin' | 'imports' | 'bare' | 'scheme';

export function specifierKind(specifier: string): SpecifierKind {
  if (specifier === '.' || specifier === '..' || specifier.startsWith('./') || specifier.startsWith('../'))
    return 'relative';
  if (specifier.startsWith('/')) return 'absolute';
  // bun: is a runtime's own namespace like node:, never a file or a package.
  if (specifier.startsWith('node:') || specifier.startsWith('bun:') || BUILTINS.has(specifier))
    return 'builtin';
  if (specifier.startsWith('#')) return 'imports';
  if (SCHEME.test(specifier)) return 'scheme';
  return 'bare';
}

/** '@scope/name/sub' → '@scope/name', 'name/sub' → 'name'; undefined when it cannot be a package. */
export function packageName(specifier: string): string | undefined {
  const parts = specifier.split('/');
  const name = specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
  return name !== undefined && PACKAGE_NAME.test(name) ? name : undefined;
}

/** The exports key a bare specifier asks for: '.' for the package itself, './sub' for a subpath. */
export function packageSubpath(specifier: string, name: string): string {
  return `.${specifier.slice(name.length)}`;
}

/** The npm package a path inside node_modules belongs to (for a relative import that lands there). */
export function packageNameFromPath(rel: string): string | undefined {
  const at = rel.lastIndexOf('node_modules/');
  return at < 0 ? undefined : packageName(rel.slice(at + 'node_modules/'.length));
}
