import { describe, expect, it } from 'vitest';
import { matchPathsAlias } from '../../src/resolve/paths-alias.js';

const paths = {
  '@/*': ['src/*'],
  '@/components/*': ['ui/components/*', 'src/components/*'],
  '@config': ['config/index.ts'],
  '*.css': ['styles/*.css'],
};

describe('matchPathsAlias', () => {
  it.each([
    ['@/x', { pattern: '@/*', targets: ['src/x'] }],
    [
      '@/components/button',
      { pattern: '@/components/*', targets: ['ui/components/button', 'src/components/button'] },
    ],
    ['@config', { pattern: '@config', targets: ['config/index.ts'] }],
    ['theme.css', { pattern: '*.css', targets: ['styles/theme.css'] }],
    ['react', undefined],
    ['@config/x', undefined],
  ])('%s', (specifier, match) => expect(matchPathsAlias(paths, specifier)).toEqual(match));
});
