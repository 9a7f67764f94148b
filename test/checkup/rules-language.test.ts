/** The parts of dependency-cruiser's rule language: pathNot, captured groups, dependencyTypes, circular, reachable. */
import { describe, expect, it } from 'vitest';
import { checkup } from '../../src/checkup/index.js';
import { substitutedPattern } from '../../src/checkup/pattern.js';
import { parseConfig } from '../../src/discover/config.js';
import { ConfigError } from '../../src/model/errors.js';
import { scan } from '../../src/scan.js';
import { tmpRepo } from '../helpers/tmp-repo.js';

const monorepo = {
  'package.json': '{ "name": "root", "private": true, "workspaces": ["packages/*"] }',
  'packages/a/package.json': '{ "name": "a", "main": "index.ts" }',
  'packages/a/index.ts':
    "import { b } from '../b/index';\nimport { own } from './own';\nexport const a = [b, own];\n",
  'packages/a/own.ts': "import type { T } from '../c/types';\nexport const own: T = 1;\n",
  'packages/b/package.json': '{ "name": "b", "main": "index.ts" }',
  'packages/b/index.ts': "export const b = 1;\nexport const lazy = () => import('../c/lazy');\n",
  'packages/c/package.json': '{ "name": "c", "main": "index.ts" }',
  'packages/c/index.ts': "import { x } from './cyc1';\nexport { x };\n",
  'packages/c/types.ts': 'export type T = number;\n',
  'packages/c/lazy.ts': 'export const l = 1;\n',
  'packages/c/cyc1.ts': "import { y } from './cyc2';\nexport const x = y;\n",
  'packages/c/cyc2.ts': "import { x } from './cyc1';\nexport const y = () => x;\n",
  'packages/c/orphan.ts': 'export const o = 1;\n',
};

let mapPromise: ReturnType<typeof scan> | undefined;
async function mapOf() {
  mapPromise ??= scan({ root: tmpRepo(monorepo, { keep: 'file' }), write: false });
  return (await mapPromise).map;
}

const edges = (result: ReturnType<typeof checkup>, code = 'forbidden-dependency') =>
  result.problems
    .filter((p) => p.code === code)
    .map((p) => `${p.from ?? p.node} -> ${p.to ?? ''}`)
    .sort();

describe('captured groups', () => {
  it('from: packages/([^/]+)/, to: packages/(?!$1) flags imports into another package only', async () => {
    const r = checkup(await mapOf(), {
      rules: [
        {
          kind: 'forbidden',
          from: { pattern: '^packages/([^/]+)/' },
          to: { pattern: '^packages/(?!$1/)' },
          relations: ['imports', 'dynamic-imports'],
        },
      ],
    });
    expect(edges(r)).toEqual([
      'packages/a/index.ts -> packages/b/index.ts',
      'packages/b/index.ts -> packages/c/lazy.ts',
    ]);
  });

  it('the lookahead is evaluated without the engine: AB and not AX, with the capture escaped', () => {
    const test = substitutedPattern('^packages/(?!$1/)', ['a.b']);
    expect(test('packages/a.b/x.ts')).toBe(false);
    expect(test('packages/aXb/x.ts')).toBe(true); // the dot was escaped, not a wildcard
    expect(test('other/a.b/x.ts')).toBe(false);
    expect(substitutedPattern('^packages/$1/', ['c'])('packages/c/i.ts')).toBe(true);
  });

  it('a $1 without a from pattern is a config error with its location', () => {
    const text = JSON.stringify({
      rules: [{ kind: 'forbidden', from: { path: 'src/**' }, to: { pattern: 'x/$1' } }],
    });
    expect(() => parseConfig('proofmap.config.json', text)).toThrow(ConfigError);
    expect(() => parseConfig('proofmap.config.json', text)).toThrow(/rules\[0\]\.to\.pattern/);
    expect(() => parseConfig('proofmap.config.json', text.replace('x/$1', 'x/'))).not.toThrow();
  });
});

describe('pathNot and dependencyTypes', () => {
  it('pathNot excludes, type-only narrows to type imports, dynamic to dynamic imports', async () => {
    const map = await mapOf();
    const anyToC = {
      kind: 'forbidden' as const,
      from: { path: 'packages/**', pathNot: 'packages/c/**' },
      to: { path: 'packages/c/**' },
    };
    expect(edges(checkup(map, { rules: [anyToC] }))).toEqual([
      'packages/a/own.ts -> packages/c/types.ts',
      'packages/b/index.ts -> packages/c/lazy.ts',
    ]);
    expect(edges(checkup(map, { rules: [{ ...anyToC, dependencyTypes: ['type-only'] }] }))).toEqual([
      'packages/a/own.ts -> packages/c/types.ts',
    ]);
    expect(edges(checkup(map, { rules: [{ ...anyToC, dependencyTypes: ['dynamic'] }] }))).toEqual([
      'packages/b/index.ts -> packages/c/lazy.ts',
    ]);
  });
});

describe('circular and reachable', () => {
  it('to.circular: true flags only the edges that close a cycle', async () => {
    const r = checkup(await mapOf(), {
      rules: [
        { kind: 'forbidden', from: { path: 'packages/**' }, to: { path: 'packages/**', circular: true } },
      ],
    });
    expect(edges(r)).toEqual([
      'packages/c/cyc1.ts -> packages/c/cyc2.ts',
      'packages/c/cyc2.ts -> packages/c/cyc1.ts',
    ]);
  });

  it('to.reachable: false names modules the from side never reaches; true names those it does', async () => {
    const map = await mapOf();
    const notReached = checkup(map, {
      rules: [
        {
          kind: 'forbidden',
          from: { path: 'packages/c/index.ts' },
          to: { path: 'packages/c/**', reachable: false },
        },
      ],
    });
    expect(edges(notReached, 'unreachable-by-rule')).toEqual([
      'packages/c/lazy.ts -> ',
      'packages/c/orphan.ts -> ',
      'packages/c/types.ts -> ',
    ]);
    const reached = checkup(map, {
      rules: [
        {
          kind: 'forbidden',
          from: { path: 'packages/a/index.ts' },
          to: { path: 'packages/c/**', reachable: true },
        },
      ],
    });
    expect(edges(reached, 'reachable-by-rule')).toEqual([
      'packages/c/lazy.ts -> ',
      'packages/c/types.ts -> ',
    ]);
  });
});
