/**
 * Where the edit gate's hook needs to run at all. Claude Code starts a hook process only when the
 * handler's `if` rule (permission-rule syntax, one rule per handler) matches the tool call, so
 * the install scopes the gate to the folders that hold load-bearing files — `Edit(/src/core/**)`,
 * `/` anchoring the pattern at the project root — and an edit anywhere else costs no process.
 * `Edit` rules cover every built-in file-editing tool (Write, MultiEdit, NotebookEdit too).
 *
 * The protected folders are always in the scope: an edit inside `.proofmap/` or `.git/` is
 * refused by the gate, and must reach it. Handlers with the same command are deduplicated by
 * Claude Code, so overlapping rules still start one process.
 */

/** The gate refuses writes under these (gate-root.ts): they must always reach it. */
export const PROTECTED_RULES: readonly string[] = ['Edit(/.git/**)', 'Edit(/.proofmap/**)'];

/** Past this many folders the scope is coarsened to top-level folders: a settings file stays readable. */
export const MAX_SCOPE_FOLDERS = 16;

/**
 * Characters the permission-rule syntax reads as pattern or delimiter: a path holding one cannot
 * be named exactly, so the scope is refused and the gate runs on every edit.
 */
const UNSAFE = /[()*?[\]{}!\\\s#,]/;

/**
 * The `if` rules for an install that gates `paths` (repo-relative, POSIX): one per folder at
 * depth ≤ 2 (a file at the root names itself), coarsened to depth 1 past MAX_SCOPE_FOLDERS,
 * protected folders added, sorted. Undefined when the scope cannot be written safely — then the
 * caller installs the gate unscoped, on every edit, which is what it did before scoping.
 */
export function editScope(paths: readonly string[]): string[] | undefined {
  if (paths.some((p) => UNSAFE.test(p) || p.startsWith('/') || p.split('/').includes('..'))) return undefined;
  const at = (depth: number) =>
    new Set(
      paths.map((p) => {
        const parts = p.split('/');
        return parts.length === 1 ? p : `${parts.slice(0, Math.min(depth, parts.length - 1)).join('/')}/**`;
      }),
    );
  let folders = at(2);
  if (folders.size > MAX_SCOPE_FOLDERS) folders = at(1);
  const rules = new Set([...[...folders].map((f) => `Edit(/${f})`), ...PROTECTED_RULES]);
  return [...rules].sort();
}
