import { describe, expect, it } from 'vitest';
import { mapTargets } from '../../src/resolve/exports-map.js';

const conditions = ['import', 'require', 'node', 'default'];

describe('mapTargets', () => {
  it.each([
    ['string for .', './index.js', '.', ['./index.js']],
    ['string for a subpath', './index.js', './x', []],
    [
      'conditions for .',
      { import: './a.mjs', require: './a.cjs', types: './a.d.ts' },
      '.',
      ['./a.mjs', './a.cjs'],
    ],
    [
      'nested conditions',
      { '.': { node: { import: './n.mjs' }, default: './d.js' } },
      '.',
      ['./n.mjs', './d.js'],
    ],
    ['array fallbacks', { '.': ['./a.js', './b.js'] }, '.', ['./a.js', './b.js']],
    ['exact subpath', { './x': './lib/x.js', './*': './lib/*.js' }, './x', ['./lib/x.js']],
    ['longest pattern prefix', { './*': './a/*.js', './deep/*': './b/*.js' }, './deep/y', ['./b/y.js']],
    ['pattern with suffix', { './*.css': './styles/*.css' }, './theme.css', ['./styles/theme.css']],
    ['null excludes', { './*': './a/*.js', './private/*': null }, './private/x', []],
    ['legacy folder mapping', { './lib/': './dist/' }, './lib/x.js', ['./dist/x.js']],
    ['imports map', { '#a/*': { default: './src/a/*.js' } }, '#a/b', ['./src/a/b.js']],
    ['absent', undefined, '.', []],
  ])('%s', (_label, field, key, targets) => expect(mapTargets(field, key, conditions)).toEqual(targets));

  it('accepts types only when asked', () => {
    expect(mapTargets({ types: './a.d.ts', default: './a.js' }, '.', ['types', ...conditions])).toEqual([
      './a.d.ts',
      './a.js',
    ]);
  });
});
