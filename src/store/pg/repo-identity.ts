/**
 * Which repository and commit a checkout is, for publish and for queries against the shared
 * index: `--repo` or the root package.json's name or the folder's name; `--commit` or git HEAD.
 */

import path from 'node:path';
import { runGit } from '../../discover/git.js';
import { CONFIG_MAX_BYTES, repoText } from '../../discover/safe-read.js';
import { InputError } from '../../model/errors.js';

export function repoName(root: string): string {
  try {
    const manifest = JSON.parse(repoText(root, 'package.json', CONFIG_MAX_BYTES) ?? '') as {
      name?: unknown;
    };
    if (typeof manifest.name === 'string' && manifest.name !== '') return manifest.name;
  } catch {
    // No readable manifest: the folder's name stands in.
  }
  return path.basename(root);
}

export function headCommit(root: string): string {
  try {
    return runGit(root, ['rev-parse', 'HEAD']).toString('utf8').trim();
  } catch (cause) {
    throw new InputError(`cannot tell the commit of ${root} (git rev-parse HEAD failed)`, {
      cause,
      hint: 'publish from a git checkout with at least one commit, or pass --commit',
    });
  }
}
