/**
 * Where the gate looks for its index, and which file an edit really writes. The gate is a
 * security boundary against an agent's own edit tools, so nothing the agent can create with
 * those tools may choose the index: a planted `src/.proofmap/index.db` must not be read. The
 * index counts only at the repository root — the git top level of the file that will be written,
 * else the project folder Claude Code names (CLAUDE_PROJECT_DIR, else the hook's cwd) — and
 * writes into `.proofmap/` or `.git/` are refused by the gate itself (gate/decide's protected
 * paths), so neither an index nor a `.git` marker can be planted through the gate.
 */
import { existsSync, lstatSync, readlinkSync, realpathSync } from 'node:fs';
import path from 'node:path';
import { INDEX_FILE, OUTPUT_DIR } from '../model/constants.js';

/** The nearest folder at or above `dir` holding a `.git` entry (a folder, or a worktree's file). */
export function gitTop(dir: string): string | undefined {
  let at = path.resolve(dir);
  for (;;) {
    if (existsSync(path.join(at, '.git'))) return at;
    const up = path.dirname(at);
    if (up === at) return undefined;
    at = up;
  }
}

/** The nearest folder at or above `dir` that holds `.proofmap/` (a scan's output). */
function indexedAncestor(dir: string): string | undefined {
  let at = path.resolve(dir);
  for (;;) {
    if (existsSync(path.join(at, OUTPUT_DIR, INDEX_FILE))) return at;
    const up = path.dirname(at);
    if (up === at) return undefined;
    at = up;
  }
}

/**
 * The real path a write to `absolute` lands on: symlinks followed, also a dangling one (a Write
 * through it creates its target) and a missing tail (a new file in a new folder).
 */
export function writeTarget(absolute: string, hops = 0): string {
  let link: string | undefined;
  try {
    if (lstatSync(absolute).isSymbolicLink()) link = readlinkSync(absolute);
  } catch {
    // absent: resolve its folder below
  }
  if (link !== undefined && hops < 40) {
    try {
      return realpathSync(absolute);
    } catch {
      return writeTarget(path.resolve(path.dirname(absolute), link), hops + 1);
    }
  }
  const rest: string[] = [path.basename(absolute)];
  let dir = path.dirname(absolute);
  while (!existsSync(dir)) {
    rest.unshift(path.basename(dir));
    const up = path.dirname(dir);
    if (up === dir) return absolute;
    dir = up;
  }
  return path.join(realpathSync(dir), ...rest);
}

/**
 * The root whose index grades a write to `target` (a real path): its git top level when that
 * holds an index; else the project folder, or the nearest scanned folder above it, when the file
 * lies inside. A git top level without an index still is the root (its index is "missing").
 */
export function gateRoot(target: string, projectDir: string): string | undefined {
  const top = gitTop(path.dirname(target));
  const project = realOrSelf(projectDir);
  if (top) {
    const real = realOrSelf(top);
    if (existsSync(path.join(real, OUTPUT_DIR, INDEX_FILE))) return real;
    // A subfolder scanned as its own root (`proofmap scan packages/app`) is the configured root,
    // but only when the project itself is that folder or inside it: never a folder the agent
    // could create below the project.
    const scanned = indexedAncestor(project);
    if (scanned && isInside(scanned, real) && isInside(target, scanned)) return scanned;
    return real;
  }
  const scanned = indexedAncestor(project);
  if (scanned && isInside(target, scanned)) return scanned;
  return isInside(target, project) ? project : undefined;
}

function realOrSelf(p: string): string {
  try {
    return realpathSync(p);
  } catch {
    return path.resolve(p);
  }
}

export function isInside(p: string, root: string): boolean {
  const rel = path.relative(root, p);
  return rel === '' || (!rel.startsWith(`..${path.sep}`) && rel !== '..' && !path.isAbsolute(rel));
}

/** Folders an agent's edit tool may never write into: proofmap's output and git's own data. */
export const PROTECTED_SEGMENTS: readonly string[] = [OUTPUT_DIR, '.git'];

/** The protected segment a path (absolute, or relative to a root) passes through, if any. */
export function protectedSegment(root: string, p: string): string | undefined {
  if (!isInside(p, root)) return undefined;
  const parts = path.relative(root, p).split(path.sep);
  return parts.find((part) => PROTECTED_SEGMENTS.includes(part));
}
