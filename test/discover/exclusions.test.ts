/**
 * Issue 13 §1: folders named build/dist/vendor/target/coverage hold source when git tracks them,
 * and the no-git walk keeps them when a tsconfig or a workspace list names them. The guardian
 * re-checks with the very same predicate, so an edge from such a file can be confirmed.
 */
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { exclusionsFor } from '../../src/discover/exclusions.js';
import { discover } from '../../src/discover/index.js';
import { scan } from '../../src/scan.js';
import { tmpRepo } from '../helpers/tmp-repo.js';

const TREE = {
  '.gitignore': 'out/\n',
  'src/index.ts': "import { step } from '../scripts/build/step.js';\n",
  'scripts/build/step.ts': 'export const step = 1;\n',
  'vendor/lib/a.ts': 'export const a = 1;\n',
  'dist/bundle.js': 'x\n',
  'coverage/lcov.info': 'x\n',
  'out/gen.js': 'x\n',
  'node_modules/p/index.js': 'x\n',
};

function gitRepo(files: Record<string, string>, add: string[]): string {
  const root = tmpRepo(files);
  execFileSync('git', ['init', '-q'], { cwd: root });
  execFileSync('git', ['add', '-f', ...add], { cwd: root });
  return root;
}

const listed = (root: string) => discover(root).files.map((f) => f.path);

describe('exclusions by listing kind', () => {
  it('in a git work tree, tracked and untracked-not-ignored files are source whatever their folder', () => {
    const root = gitRepo(TREE, ['src/index.ts', 'scripts/build/step.ts', 'vendor/lib/a.ts']);
    expect(listed(root)).toEqual([
      '.gitignore',
      'coverage/lcov.info',
      'dist/bundle.js',
      'scripts/build/step.ts',
      'src/index.ts',
      'vendor/lib/a.ts',
    ]);
  });

  it('without git, generated-output folder names are skipped unless a config names them', () => {
    const rows: [string, Record<string, string>, string[]][] = [
      ['no config', {}, ['.gitignore', 'src/index.ts']],
      [
        'tsconfig include names scripts/build',
        { 'tsconfig.json': '{ "include": ["src", "scripts/build/**/*.ts"] // comment\n }' },
        ['.gitignore', 'scripts/build/step.ts', 'src/index.ts', 'tsconfig.json'],
      ],
      [
        'a workspace glob names vendor/*',
        { 'package.json': '{ "workspaces": ["vendor/*"] }' },
        ['.gitignore', 'package.json', 'src/index.ts', 'vendor/lib/a.ts'],
      ],
      [
        'pnpm-workspace.yaml names vendor/lib',
        { 'pnpm-workspace.yaml': 'packages:\n  - vendor/lib\n' },
        ['.gitignore', 'pnpm-workspace.yaml', 'src/index.ts', 'vendor/lib/a.ts'],
      ],
      [
        'a catch-all include names nothing in particular',
        { 'tsconfig.json': '{ "include": ["**/*"] }' },
        ['.gitignore', 'src/index.ts', 'tsconfig.json'],
      ],
      [
        'a nested tsconfig may only name folders below its own',
        { 'src/tsconfig.json': '{ "include": ["../scripts/build"] }' },
        ['.gitignore', 'src/index.ts', 'src/tsconfig.json'],
      ],
    ];
    const actual = rows.map(([label, extra]) => [label, listed(tmpRepo({ ...TREE, ...extra }))]);
    expect(actual).toEqual(rows.map(([label, , expected]) => [label, expected]));
  });

  it('the predicate the guardian uses says the same as the listing, file by file', () => {
    const walked = tmpRepo({ ...TREE, 'tsconfig.json': '{ "include": ["scripts/build"] }' });
    const w = exclusionsFor(walked);
    expect(w.via).toBe('walk');
    expect(['scripts/build/step.ts', 'dist/bundle.js', 'node_modules/p/index.js'].map(w.excludes)).toEqual([
      false,
      true,
      true,
    ]);
    const git = exclusionsFor(gitRepo(TREE, ['src/index.ts']));
    expect(git.via).toBe('git');
    expect(['dist/bundle.js', '.proofmap/map.json', 'node_modules/p/index.js'].map(git.excludes)).toEqual([
      false,
      true,
      true,
    ]);
  });

  it('a scan of a git tree keeps the edge into scripts/build/ and the guardian confirms it', async () => {
    const root = gitRepo(TREE, ['src/index.ts', 'scripts/build/step.ts']);
    const { map, guard } = await scan({ root, write: false });
    const pathOf = new Map(map.nodes.map((n) => [n.id, n.key]));
    const edges = map.edges
      .filter((e) => e.relation === 'imports')
      .map(
        (e) => `${pathOf.get(e.from)} → ${pathOf.get(e.to)} (${e.evidence[0]?.path}:${e.evidence[0]?.line})`,
      );
    expect(edges).toEqual(['src/index.ts → scripts/build/step.ts (src/index.ts:1)']);
    expect(guard.blockers).toEqual([]);
  });
});
