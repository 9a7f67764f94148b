/**
 * Lists candidate files: `git ls-files` (tracked + untracked-not-ignored) inside a git work tree,
 * else a walk of the directory that honours .gitignore files. Each applies its own exclusions
 * (exclusions.ts): git's listing is source whatever a folder is called; the walk, which cannot
 * tell a committed `build/` from a generated one, also skips generated-output folder names unless
 * a config names them.
 */
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import ignore, { type Ignore } from 'ignore';
import { type Exclusions, exclusionsFor } from './exclusions.js';
import { runGit } from './git.js';
import { CONFIG_MAX_BYTES, readRegularFile } from './safe-read.js';

export interface Listing {
  paths: string[];
  via: 'git' | 'walk';
  /** Listed files whose names a repo path cannot hold (see unnamed()), kept for coverage. */
  unnamed: { path: string; reason: string }[];
}

export function listFiles(root: string): Listing {
  const viaGit = gitListing(root);
  const exclusions = exclusionsFor(root, viaGit ? 'git' : 'walk');
  const paths = viaGit ?? walk(root, exclusions);
  const kept = new Set<string>();
  const unnamed: Listing['unnamed'] = [];
  // Both listings join with `/` on every platform, so a backslash here is part of a name.
  for (const p of paths) {
    if (p.length === 0 || exclusions.excludes(p)) continue;
    const reason = unnamedReason(p);
    if (reason) unnamed.push({ path: p, reason });
    else kept.add(p);
  }
  return { paths: [...kept], via: exclusions.via, unnamed };
}

/**
 * Why a listed name cannot become a repo path, or undefined when it can. Repo paths are POSIX and
 * NFC (DESIGN §3) and every reader joins them to the root as they are: a name with a backslash
 * would read as folders (`a\b.ts` → `a/b.ts`, another file, or none), and an NFD name would be
 * looked up under its NFC spelling, which on Linux is a different file (or none). Such a file is
 * kept as coverage instead of being silently renamed or dropped.
 */
const ASCII = /^[ -~]*$/;

function unnamedReason(p: string): string | undefined {
  if (p.includes('\\'))
    return 'file name holds a backslash, which proofmap paths (POSIX, `/`-separated) cannot hold; not analysed (rename it)';
  // ASCII is NFC already; normalising every name of a large listing costs more than the test.
  if (!ASCII.test(p) && p !== p.normalize('NFC'))
    return 'file name is not in Unicode NFC form (decomposed accents, NFD); proofmap paths are NFC, so it is not analysed (rename it to its NFC spelling)';
  return undefined;
}

function gitListing(root: string): string[] | undefined {
  if (!existsSync(path.join(root, '.git'))) return undefined;
  try {
    // -z: NUL-separated, so names with newlines or quotes arrive verbatim.
    const out = runGit(root, ['ls-files', '-z', '--cached', '--others', '--exclude-standard', '--', '.'], {
      maxBuffer: 512 * 1024 * 1024,
    });
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
