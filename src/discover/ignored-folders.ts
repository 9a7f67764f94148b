/**
 * The folders git leaves out of its listing whole (an ignore rule names them), asked of git itself
 * so its rules are never re-implemented here. The listing cache stamps every other folder; the
 * resident watcher watches every other folder.
 */
import { ALWAYS_EXCLUDED_DIRS } from '../model/constants.js';
import { isExcludedPath } from '../model/paths.js';
import { runGit } from './git.js';

/**
 * The folders git leaves out whole, repo-relative. `--directory` collapses into `dir/` both a
 * folder an ignore rule names and one whose files each happen to be ignored; only the first is
 * left unwalked by git (a new file in the second is listed), so each is asked of check-ignore.
 */
export function ignoredFolders(root: string): Set<string> | undefined {
  let collapsed: string[];
  try {
    const out = runGit(
      root,
      ['ls-files', '-z', '--others', '--ignored', '--exclude-standard', '--directory', '--', '.'],
      { maxBuffer: 512 * 1024 * 1024 },
    );
    collapsed = out
      .toString('utf8')
      .split('\0')
      .filter((p) => p.endsWith('/') && !isExcludedPath(p.slice(0, -1), ALWAYS_EXCLUDED_DIRS))
      .map((p) => p.slice(0, -1));
  } catch {
    return undefined;
  }
  const folders = new Set<string>();
  if (collapsed.length === 0) return folders;
  let out: Buffer;
  try {
    out = runGit(root, ['check-ignore', '--', ...collapsed]);
  } catch (error) {
    // Exit 1: none of them is ignored; anything else is a failure to trust nothing on.
    const e = error as { status?: number; stdout?: Buffer };
    if (e.status !== 1) return undefined;
    out = e.stdout ?? Buffer.alloc(0);
  }
  // One path a line, C-quoted when it holds unusual bytes: a quoted one matches no folder and is
  // walked, which costs time, never correctness.
  for (const p of out.toString('utf8').split('\n')) if (p) folders.add(p.replace(/\/$/, ''));
  return folders;
}
