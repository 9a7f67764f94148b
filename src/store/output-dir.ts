/**
 * `.proofmap/` must be a real folder inside the repository before anything is written into it.
 * It can be committed, so it is untrusted: a committed symlink (`.proofmap -> /somewhere`) would
 * make a scan write outside the repository, and a file in its place would fail deep inside
 * SQLite as an "internal error". Both are the user's input to fix, said in one line (exit 2).
 */
import fs from 'node:fs';
import { InputError } from '../model/errors.js';

/** Creates `dir` when absent; throws InputError when it is a symlink or not a folder. */
export function ensureOutputDir(dir: string): void {
  let stat: fs.Stats | undefined;
  try {
    stat = fs.lstatSync(dir);
  } catch {
    // absent: made below
  }
  if (stat?.isSymbolicLink())
    throw new InputError(`${dir} is a symbolic link; proofmap writes only inside the repository`, {
      hint: 'remove the link (proofmap creates .proofmap/ itself)',
    });
  if (stat && !stat.isDirectory())
    throw new InputError(`${dir} is not a folder`, { hint: 'remove or rename it, then scan again' });
  if (!stat) fs.mkdirSync(dir, { recursive: true });
}
