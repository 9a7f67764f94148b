/**
 * The files changed in the working tree according to git: tracked files that differ from `base`
 * plus untracked files not ignored. Arguments go to git as an argv array, never through a shell,
 * so a revision like `HEAD; rm -rf /` is only ever a bad revision.
 */
import { runGit, runGitAsync } from '../discover/git.js';
import { ALWAYS_EXCLUDED_DIRS } from '../model/constants.js';
import { InputError } from '../model/errors.js';
import { isExcludedPath, toPosix } from '../model/paths.js';

export const TRACKED_CHANGES = (base: string) => ['diff', '--name-only', '--relative', '-z', base, '--'];
export const UNTRACKED = ['ls-files', '--others', '--exclude-standard', '-z'];

export function gitChangedFiles(root: string, base = 'HEAD'): string[] {
  checkBase(base);
  const run = (args: string[]) => {
    try {
      return runGit(root, args).toString('utf8');
    } catch (cause) {
      throw gitFailed(args, cause);
    }
  };
  return changedPaths(run(TRACKED_CHANGES(base)), run(UNTRACKED));
}

/** The same list, the two git commands run side by side (a resident server: wall time is latency). */
export async function gitChangedFilesAsync(root: string, base = 'HEAD'): Promise<string[]> {
  checkBase(base);
  const run = (args: string[]) =>
    runGitAsync(root, args).then(
      (out) => out.toString('utf8'),
      (cause: unknown) => Promise.reject(gitFailed(args, cause)),
    );
  // Untracked first: diff's argv asks git for the repository's filters synchronously.
  const untracked = run(UNTRACKED);
  const tracked = run(TRACKED_CHANGES(base));
  const [t, u] = await Promise.allSettled([tracked, untracked]);
  if (t.status === 'rejected') throw t.reason;
  if (u.status === 'rejected') throw u.reason;
  return changedPaths(t.value, u.value);
}

export function checkBase(base: string): void {
  if (base.startsWith('-'))
    throw new InputError(`invalid revision "${base}"`, { hint: 'pass a commit, branch or tag' });
}

export function gitFailed(args: string[], cause: unknown): InputError {
  const detail = String((cause as { stderr?: unknown }).stderr ?? (cause as Error).message).split('\n')[0];
  return new InputError(`git ${args[0]} failed: ${detail}`, {
    cause,
    hint: 'run changes inside a git repository with a valid --base',
  });
}

/** `-z` listings of tracked changes and untracked files, as one sorted list of repository paths. */
export function changedPaths(tracked: string, untracked: string): string[] {
  // .proofmap/ itself (and every other excluded folder) is never a change to the code.
  const all = `${tracked}\0${untracked}`
    .split('\0')
    .filter(Boolean)
    .map(toPosix)
    // As git lists them: tracked files in build/ or dist/ folders are source too (issue 13).
    .filter((p) => !isExcludedPath(p, ALWAYS_EXCLUDED_DIRS));
  return [...new Set(all)].sort();
}
