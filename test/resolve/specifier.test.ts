import { describe, expect, it } from 'vitest';
import { packageName, packageNameFromPath, specifierKind } from '../../src/resolve/specifier.js';

describe('specifierKind', () => {
  it.each([
    ['./a', 'relative'],
    ['../a', 'relative'],
    ['.', 'relative'],
    ['..', 'relative'],
    ['/abs', 'absolute'],
    ['fs', 'builtin'],
    ['node:fs', 'builtin'],
    ['fs/promises', 'builtin'],
    ['bun:test', 'builtin'],
    ['#internal', 'imports'],
    ['https://x.dev/a.js', 'scheme'],
    ['virtual:x', 'scheme'],
    ['react', 'bare'],
    ['@scope/pkg', 'bare'],
    ['events/extra', 'bare'],
    ['.hidden', 'bare'],
  ])('%s is %s', (specifier, kind) => expect(specifierKind(specifier)).toBe(kind));
});

describe('packageName', () => {
  it.each([
    ['react', 'react'],
    ['react-dom/client', 'react-dom'],
    ['@scope/name', '@scope/name'],
    ['@scope/name/sub/path.js', '@scope/name'],
    ['JSONStream', 'JSONStream'],
    ['lodash.merge', 'lodash.merge'],
    ['@scope', undefined],
    ['@/components', undefined],
    ['~/x', undefined],
    ['.hidden', undefined],
    ['', undefined],
  ])('%s → %s', (specifier, name) => expect(packageName(specifier)).toBe(name));

  it('reads the package from a path inside node_modules', () => {
    expect(packageNameFromPath('node_modules/@a/b/dist/x.js')).toBe('@a/b');
    expect(packageNameFromPath('x/node_modules/y/node_modules/z/i.js')).toBe('z');
    expect(packageNameFromPath('src/x.js')).toBeUndefined();
  });
});
