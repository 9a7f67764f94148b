import { describe, expect, it } from 'vitest';
import { EXCLUDED_DIRS } from '../../src/model/constants.js';
import { isExcludedPath, joinRepoPath, normalizeRepoPath, relativeToRoot } from '../../src/model/paths.js';

describe('normalizeRepoPath', () => {
  it.each([
    ['src/a.ts', 'src/a.ts'],
    ['./src/a.ts', 'src/a.ts'],
    ['src//b/../a.ts', 'src/a.ts'],
    ['.gitignore', '.gitignore'],
    ['.github/workflows/ci.yml', '.github/workflows/ci.yml'],
    ['src\\win\\path.ts', 'src/win/path.ts'],
    ['docs/', 'docs'],
    ['cafe\u0301.md', 'café.md'],
  ])('%s ⇒ %s', (input, expected) => {
    expect(normalizeRepoPath(input)).toBe(expected);
  });

  it.each([['../etc/passwd'], ['a/../../b'], ['/etc/passwd'], ['C:/x'], ['a\0b'], [''], ['.'], ['./']])(
    'rejects %j',
    (input) => {
      expect(normalizeRepoPath(input)).toBeUndefined();
    },
  );

  it('joins relative to a file and stays inside the root', () => {
    expect(joinRepoPath('docs/a.md', '../src/x.ts')).toBe('src/x.ts');
    expect(joinRepoPath('a.md', '../x.ts')).toBeUndefined();
  });

  it('relates absolute paths to the root and refuses outside ones', () => {
    expect(relativeToRoot('/r', '/r/src/a.ts')).toBe('src/a.ts');
    expect(relativeToRoot('/r', '/other/a.ts')).toBeUndefined();
  });

  it('recognises excluded directories by segment, not by substring', () => {
    expect(isExcludedPath('node_modules/x/index.js', EXCLUDED_DIRS)).toBe(true);
    expect(isExcludedPath('src/dist/x.ts', EXCLUDED_DIRS)).toBe(true);
    expect(isExcludedPath('src/distance.ts', EXCLUDED_DIRS)).toBe(false);
    // A name found as a substring first and as a whole segment later still counts.
    expect(isExcludedPath('my-dist/dist/x.ts', EXCLUDED_DIRS)).toBe(true);
    expect(isExcludedPath('a/node_modules', EXCLUDED_DIRS)).toBe(true);
    expect(isExcludedPath('node_modules', EXCLUDED_DIRS)).toBe(true);
    expect(isExcludedPath('xnode_modules/a.ts', EXCLUDED_DIRS)).toBe(false);
    expect(isExcludedPath('a/node_modulesx/b.ts', EXCLUDED_DIRS)).toBe(false);
    expect(isExcludedPath('a/.gitignore', EXCLUDED_DIRS)).toBe(false);
    expect(isExcludedPath('a/.git/config', EXCLUDED_DIRS)).toBe(true);
  });
});
