/**
 * Which repository and commit a checkout is, for publish and for queries against the shared
 * index: `--repo` or the root package.json's name or the folder's name; `--commit` or git HEAD.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { InputError } from '../../model/errors.js';

export function repoName(root: string): string {
  try {
    const manifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as {
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
    return execFileSync('git', ['rev-parse', 'HEAD'], {
      cwd: root,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    }).trim();
  } catch (cause) {
    throw new InputError(`cannot tell the commit of ${root} (git rev-parse HEAD failed)`, {
      cause,
      hint: 'publish from a git checkout with at least one commit, or pass --commit',
    });
  }
}
