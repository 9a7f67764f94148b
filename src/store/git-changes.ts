/**
 * The files changed in the working tree according to git: tracked files that differ from `base`
 * plus untracked files not ignored. Arguments go to git as an argv array, never through a shell,
 * so a revision like `HEAD; rm -rf /` is only ever a bad revision.
 */
import { runGit } from '../discover/git.js';
import { ALWAYS_EXCLUDED_DIRS } from '../model/constants.js';
import { InputError } from '../model/errors.js';
import { isExcludedPath, toPosix } from '../model/paths.js';

export function gitChangedFiles(root: string, base = 'HEAD'): string[] {
  if (base.startsWith('-'))
    throw new InputError(`invalid revision "${base}"`, { hint: 'pass a commit, branch or tag' });
  const run = (args: string[]) => {
    try {
      return runGit(root, args).toString('utf8');
    } catch (cause) {
      const detail = String((cause as { stderr?: unknown }).stderr ?? (cause as Error).message).split(
        '\n',
      )[0];
      throw new InputError(`git ${args[0]} failed: ${detail}`, {
        cause,
        hint: 'run changes inside a git repository with a valid --base',
      });
    }
  };
  const tracked = run(['diff', '--name-only', '--relative', '-z', base, '--']);
  const untracked = run(['ls-files', '--others', '--exclude-standard', '-z']);
  // .proofmap/ itself (and every other excluded folder) is never a change to the code.
  const all = `${tracked}\0${untracked}`
    .split('\0')
    .filter(Boolean)
    .map(toPosix)
    // As git lists them: tracked files in build/ or dist/ folders are source too (issue 13).
    .filter((p) => !isExcludedPath(p, ALWAYS_EXCLUDED_DIRS));
  return [...new Set(all)].sort();
}
