/**
 * Lists candidate files: `git ls-files` (tracked + untracked-not-ignored) inside a git work tree,
 * else a walk of the directory that honours .gitignore files. Each applies its own exclusions
 * (exclusions.ts): git's listing is source whatever a folder is called; the walk, which cannot
 * tell a committed `build/` from a generated one, also skips generated-output folder names unless
 * a config names them.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import ignore, { type Ignore } from 'ignore';
import { toPosix } from '../model/paths.js';
import { type Exclusions, exclusionsFor } from './exclusions.js';
import { CONFIG_MAX_BYTES, readRegularFile } from './safe-read.js';

export interface Listing {
  paths: string[];
  via: 'git' | 'walk';
}

export function listFiles(root: string): Listing {
  const viaGit = gitListing(root);
  const exclusions = exclusionsFor(root, viaGit ? 'git' : 'walk');
  const paths = viaGit ?? walk(root, exclusions);
  const kept = paths.map(toPosix).filter((p) => p.length > 0 && !exclusions.excludes(p));
  return { paths: [...new Set(kept)], via: exclusions.via };
}

function gitListing(root: string): string[] | undefined {
  if (!existsSync(path.join(root, '.git'))) return undefined;
  try {
    // -z: NUL-separated, so names with newlines or quotes arrive verbatim.
    const out = execFileSync(
      'git',
      ['ls-files', '-z', '--cached', '--others', '--exclude-standard', '--', '.'],
      {
        cwd: root,
        maxBuffer: 512 * 1024 * 1024,
        stdio: ['ignore', 'pipe', 'ignore'],
      },
    );
    return out.toString('utf8').split('\0').filter(Boolean);
  } catch {
    return undefined;
  }
}

function walk(root: string, exclusions: Exclusions): string[] {
  const out: string[] = [];
  const visit = (dir: string, rules: { base: string; ig: Ignore }[]) => {
    const here = readIgnore(root, dir);
    const active = here ? [...rules, here] : rules;
    let entries: import('node:fs').Dirent[];
    try {
      entries = readdirSync(path.join(root, dir), { withFileTypes: true });
    } catch {
      return; // unreadable directory: its files never enter the list; discover records nothing to hash
    }
    for (const entry of entries) {
      const rel = dir ? `${dir}/${entry.name}` : entry.name;
      const isDir = entry.isDirectory();
      if (isDir && exclusions.excludes(rel)) continue;
      if (
        active.some(
          ({ base, ig }) =>
            ig.ignores(base ? rel.slice(base.length + 1) : rel) ||
            (isDir && ig.ignores(`${base ? rel.slice(base.length + 1) : rel}/`)),
        )
      )
        continue;
      // Symlinked directories are not followed (loops, escapes); symlinked files are listed and
      // checked for containment by discover.
      if (isDir) visit(rel, active);
      else out.push(rel);
    }
  };
  visit('', []);
  return out;
}

function readIgnore(root: string, dir: string): { base: string; ig: Ignore } | undefined {
  try {
    const read = readRegularFile(path.join(root, dir, '.gitignore'), CONFIG_MAX_BYTES);
    if (!read.ok) return undefined;
    return { base: dir, ig: ignore().add(read.bytes.toString('utf8')) };
  } catch {
    return undefined;
  }
}
