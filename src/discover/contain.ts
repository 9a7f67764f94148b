/**
 * Realpath containment: a path is inside the repository only if its real path is. Lexical checks
 * live in model/paths.ts; this half needs the file system.
 */
import { realpathSync } from 'node:fs';
import path from 'node:path';
import { InputError } from '../model/errors.js';
import { relativeToRoot } from '../model/paths.js';

/** The real, absolute path of the repository root, or an InputError saying what is wrong. */
export function realRoot(dir: string): string {
  let real: string;
  try {
    real = realpathSync(path.resolve(dir));
  } catch (cause) {
    throw new InputError(`${dir}: no such directory`, { cause, hint: 'pass the path of a repository' });
  }
  return real;
}

export type Containment =
  | { ok: true; real: string }
  | { ok: false; reason: 'outside' | 'loop' | 'missing'; detail: string };

/** Follows symlinks of a repo-relative path and says whether the target stays inside root. */
export function contain(root: string, rel: string): Containment {
  try {
    const real = realpathSync(path.join(root, rel));
    const inside = relativeToRoot(root, real);
    if (inside === undefined) return { ok: false, reason: 'outside', detail: real };
    return { ok: true, real };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ELOOP') return { ok: false, reason: 'loop', detail: 'symlink loop' };
    return { ok: false, reason: 'missing', detail: code ?? 'unreadable' };
  }
}
