/**
 * Which paths a listing leaves out, as one predicate shared by the listing and every re-check (the
 * guardian re-reads an edge's file only if the listing could have listed it).
 *
 * - Always: node_modules, .git, .proofmap.
 * - In a git work tree, nothing else: git already leaves out what .gitignore hides, and what git
 *   tracks is source even in a folder called `build` or `vendor`.
 * - In the no-git walk, also folders with a generated-output name (dist, build, vendor …), unless a
 *   tsconfig (`include`, `files`) or a workspace list (`workspaces`, pnpm-workspace.yaml) in a
 *   folder above it names it or something inside it. Only configs in ancestors count, so the
 *   answer for a path never depends on the order in which folders are visited.
 */
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { ALWAYS_EXCLUDED_DIRS, GENERATED_DIRS } from '../model/constants.js';
import { isExcludedPath } from '../model/paths.js';
import { yaml } from '../model/yaml.js';
import { isRecord, parseJsonc } from '../resolve/jsonc.js';
import { CONFIG_MAX_BYTES, readRegularFile } from './safe-read.js';

export type ListingKind = 'git' | 'walk';

export interface Exclusions {
  via: ListingKind;
  /** True when the listing leaves out this repo-relative path (a file or a folder). */
  excludes(rel: string): boolean;
}

/** The exclusions of a root: git's when it is a git work tree (as listFiles decides), else the walk's. */
export function exclusionsFor(root: string, via?: ListingKind): Exclusions {
  const kind = via ?? (existsSync(path.join(root, '.git')) ? 'git' : 'walk');
  if (kind === 'git') return { via: 'git', excludes: (rel) => isExcludedPath(rel, ALWAYS_EXCLUDED_DIRS) };
  const kept = new Map<string, string[]>();
  const keptBy = (dir: string): string[] => {
    let found = kept.get(dir);
    if (!found) {
      found = namedFolders(root, dir);
      kept.set(dir, found);
    }
    return found;
  };
  return {
    via: 'walk',
    excludes(rel) {
      if (isExcludedPath(rel, ALWAYS_EXCLUDED_DIRS)) return true;
      const segments = rel.split('/');
      for (let i = 0; i < segments.length; i++) {
        if (!GENERATED_DIRS.includes(segments[i]!)) continue;
        const folder = segments.slice(0, i + 1).join('/');
        // The folders above it, root first: a config inside the folder itself is never read by
        // the walk, which does not enter it.
        const ancestors = segments.slice(0, i + 1).map((_, j) => segments.slice(0, j).join('/'));
        const named = ancestors.some((dir) => keptBy(dir).some((k) => overlaps(k, folder)));
        if (!named) return true;
      }
      return false;
    },
  };
}

/** A kept path keeps a folder when it is that folder, lies inside it, or contains it. */
function overlaps(kept: string, folder: string): boolean {
  return kept === folder || kept.startsWith(`${folder}/`) || folder.startsWith(`${kept}/`);
}

/**
 * The repo-relative folders that the configs in `dir` name by a literal path (the part of each
 * pattern before its first wildcard), below `dir`. `include: ["src"]` names src; `["**"]` names
 * nothing in particular, so it keeps no generated folder.
 */
function namedFolders(root: string, dir: string): string[] {
  const abs = path.join(root, dir);
  let names: string[];
  try {
    names = readdirSync(abs);
  } catch {
    return [];
  }
  const patterns: string[] = [];
  for (const name of names) {
    if (/^tsconfig(?:\..+)?\.json$|^jsconfig\.json$/.test(name)) {
      const config = readRecord(path.join(abs, name), parseJsonc);
      patterns.push(...strings(config?.include), ...strings(config?.files));
    } else if (name === 'package.json') {
      const manifest = readRecord(path.join(abs, name), JSON.parse);
      const workspaces = manifest?.workspaces;
      patterns.push(
        ...strings(workspaces),
        ...strings(isRecord(workspaces) ? workspaces.packages : undefined),
      );
    } else if (name === 'pnpm-workspace.yaml') {
      patterns.push(...strings(readRecord(path.join(abs, name), (text) => yaml().parse(text))?.packages));
    }
  }
  const out: string[] = [];
  for (const pattern of patterns) {
    if (pattern.startsWith('!')) continue;
    const literal = pattern.split('/').filter((s) => s !== '' && s !== '.');
    const wild = literal.findIndex((s) => /[*?[\]{}]/.test(s));
    const prefix = path.posix.normalize(
      path.posix.join(dir, ...literal.slice(0, wild < 0 ? undefined : wild)),
    );
    if (prefix === '.' || prefix.startsWith('..')) continue;
    if (dir !== '' && !prefix.startsWith(`${dir}/`)) continue; // only below its own folder
    if (prefix.split('/').some((s) => GENERATED_DIRS.includes(s))) out.push(prefix);
  }
  return out;
}

function readRecord(file: string, parse: (text: string) => unknown): Record<string, unknown> | undefined {
  const read = readRegularFile(file, CONFIG_MAX_BYTES);
  if (!read.ok) return undefined;
  try {
    const value = parse(read.bytes.toString('utf8'));
    return isRecord(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

function strings(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}
