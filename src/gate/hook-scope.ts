/**
 * Where the edit gate's hook needs to run at all. Claude Code starts a hook process only when the
 * handler's `if` rule (permission-rule syntax, one rule per handler) matches the tool call, so
 * the install scopes the gate to the folders that hold load-bearing files — `Edit(/src/core/*)`,
 * `/` anchoring the pattern at the project root — and an edit anywhere else costs no process.
 * `Edit` rules cover every built-in file-editing tool (Write, MultiEdit, NotebookEdit too).
 *
 * The protected folders are always in the scope: an edit inside `.proofmap/` or `.git/` is
 * refused by the gate, and must reach it. Handlers with the same command are deduplicated by
 * Claude Code, so overlapping rules still start one process.
 */

/** The gate refuses writes under these (gate-root.ts): they must always reach it. */
export const PROTECTED_RULES: readonly string[] = ['Edit(/.git/**)', 'Edit(/.proofmap/**)'];

/** At most this many rules per event besides the protected ones: a settings file stays readable. */
export const MAX_SCOPE_RULES = 16;

/**
 * Characters the permission-rule syntax reads as pattern or delimiter: a path holding one cannot
 * be named exactly, so the scope is refused and the gate runs on every edit.
 */
const UNSAFE = /[()*?[\]{}!\\\s#,]/;

/**
 * The `if` rules for an install that gates `paths` (repo-relative, POSIX) in a repository holding
 * `files`: the files directly in each path's folder (`Edit(/src/core/*)`: `*` stops at `/`, as in
 * .gitignore; a file at the root names itself), then, while there are more than `max`, the rules
 * under one folder merged into all of it (`Edit(/src/**)`) — the merge that brings the fewest
 * other files into the scope per rule saved. A load-bearing file's neighbours stay in scope as
 * files are added next to it; a package's hub index no longer puts the whole package in.
 * Protected folders added, sorted. Undefined when the scope cannot be written safely (the caller
 * then gates every edit, as before scoping).
 */
export function editScope(
  paths: readonly string[],
  files: readonly string[] = paths,
  max = MAX_SCOPE_RULES,
): string[] | undefined {
  if (paths.some((p) => UNSAFE.test(p) || p.startsWith('/') || p.split('/').includes('..'))) return undefined;
  const tree = folderCounts([...files, ...paths]);
  const rules = new Map<string, Rule>();
  for (const p of paths) {
    const dir = p.includes('/') ? p.slice(0, p.lastIndexOf('/')) : undefined;
    const rule: Rule =
      dir === undefined
        ? { glob: p, covers: 1 }
        : { glob: `${dir}/*`, dir, covers: tree.direct.get(dir) ?? 1 };
    rules.set(rule.glob, rule);
  }
  while (rules.size > max) {
    const merge = cheapestMerge([...rules.values()], tree.deep);
    if (merge === undefined) return undefined;
    for (const [glob, r] of rules) if (r.dir !== undefined && isUnder(r.dir, merge)) rules.delete(glob);
    rules.set(`${merge}/**`, { glob: `${merge}/**`, dir: merge, covers: tree.deep.get(merge) ?? 1 });
  }
  return [...new Set([...[...rules.keys()].map((glob) => `Edit(/${glob})`), ...PROTECTED_RULES])].sort();
}

/** One `if` rule: a root file, the files directly in `dir` (`dir/*`), or all under it (`dir/**`). */
interface Rule {
  glob: string;
  dir?: string;
  /** How many of the repository's files it starts the gate for. */
  covers: number;
}

/** How many of `files` the rules editScope wrote would start the gate for. */
export function filesInScope(rules: readonly string[], files: readonly string[]): number {
  const globs = rules.map((rule) => rule.slice('Edit(/'.length, -1));
  const exact = new Set(globs.filter((g) => !g.endsWith('*')));
  const flat = new Set(
    globs.filter((g) => g.endsWith('/*') && !g.endsWith('/**')).map((g) => g.slice(0, -2)),
  );
  const deep = globs.filter((g) => g.endsWith('/**')).map((g) => g.slice(0, -2));
  return files.filter(
    (f) =>
      exact.has(f) ||
      flat.has(f.slice(0, Math.max(0, f.lastIndexOf('/')))) ||
      deep.some((d) => f.startsWith(d)),
  ).length;
}

/** Files per folder: directly in it, and under it at any depth. */
function folderCounts(files: readonly string[]): { direct: Map<string, number>; deep: Map<string, number> } {
  const direct = new Map<string, number>();
  const deep = new Map<string, number>();
  for (const f of new Set(files)) {
    const dirs = ancestors(f);
    for (const dir of dirs) deep.set(dir, (deep.get(dir) ?? 0) + 1);
    const own = dirs.at(-1);
    if (own !== undefined) direct.set(own, (direct.get(own) ?? 0) + 1);
  }
  return { direct, deep };
}

/** 'a/b/c' → ['a', 'a/b']: the folders holding it, outermost first. */
function ancestors(rel: string): string[] {
  const parts = rel.split('/');
  return parts.slice(1).map((_, i) => parts.slice(0, i + 1).join('/'));
}

const isUnder = (dir: string, folder: string) => dir === folder || dir.startsWith(`${folder}/`);

/**
 * The folder whose merge of the rules in it adds the fewest files per rule saved (ties: the deeper
 * folder, then name order, so the scope is the same on every run). Undefined when no folder holds
 * two rules (only root files are left).
 */
function cheapestMerge(rules: readonly Rule[], deep: ReadonlyMap<string, number>): string | undefined {
  const candidates = new Map<string, Rule[]>();
  for (const rule of rules) {
    if (rule.dir === undefined) continue;
    for (const folder of [...ancestors(rule.dir), rule.dir]) {
      const list = candidates.get(folder);
      if (list) list.push(rule);
      else candidates.set(folder, [rule]);
    }
  }
  let best: { folder: string; cost: number; depth: number } | undefined;
  for (const [folder, held] of candidates) {
    if (held.length < 2) continue;
    const added = (deep.get(folder) ?? 0) - held.reduce((sum, r) => sum + r.covers, 0);
    const cost = added / (held.length - 1);
    const depth = folder.split('/').length;
    if (
      !best ||
      cost < best.cost ||
      (cost === best.cost && (depth > best.depth || (depth === best.depth && folder < best.folder)))
    )
      best = { folder, cost, depth };
  }
  return best?.folder;
}
