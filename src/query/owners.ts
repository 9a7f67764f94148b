/**
 * CODEOWNERS: who owns a path. GitHub reads the first file found in .github/, the root, docs/;
 * within it the last matching pattern wins. Patterns follow gitignore rules: a pattern without a
 * slash matches at any depth, a leading slash anchors it, a trailing slash means a directory.
 */
import picomatch from 'picomatch';

export const CODEOWNERS_FILES = ['.github/CODEOWNERS', 'CODEOWNERS', 'docs/CODEOWNERS'] as const;

export interface Owners {
  owners: string[];
  /** The CODEOWNERS file and line of the rule that matched. */
  file: string;
  line: number;
  pattern: string;
}

export function ownersOf(file: string, text: string, path: string): Owners | undefined {
  let found: Owners | undefined;
  text.split(/\r?\n/).forEach((raw, i) => {
    const line = raw.replace(/(^|\s)#.*$/, '').trim();
    if (line === '') return;
    const [pattern, ...owners] = line.split(/\s+/);
    if (pattern && matches(pattern, path)) found = { owners, file, line: i + 1, pattern };
  });
  return found;
}

function matches(pattern: string, path: string): boolean {
  const anchored = pattern.startsWith('/') || pattern.slice(0, -1).includes('/');
  let glob = pattern.replace(/^\//, '');
  if (glob.endsWith('/')) glob = `${glob}**`;
  const globs = anchored ? [glob, `${glob}/**`] : [`**/${glob}`, `**/${glob}/**`];
  return picomatch(globs, { dot: true })(path);
}
