/** The resolve stage's public shapes (re-exported by index.ts) and the outcome it caches. */
import type { Coverage } from '../model/types.js';
import type { Environment, ImportSyntax } from './environment.js';

export interface ResolverInput {
  /** Absolute realpath of the repository root. */
  root: string;
  /** Repo-relative POSIX paths of every discovered file. */
  files: ReadonlySet<string>;
  /** Reads a discovered file (package.json, tsconfig.json, pnpm-workspace.yaml). */
  readText(rel: string): string | undefined;
}

/**
 * How a file edge was found when not the way the compiler would find it; absent when it is
 * compiler-equivalent. `workspace`: a workspace package's own manifest target, reached without
 * node_modules (tsc reaches the same file through the install's symlink). `source-field`: the
 * package's manifest points at output that is not there (unbuilt `dist/`), so its source was taken
 * (`source` field, the target's path under `src/`, or `src/index`). `imports-source`: the same for
 * a `#imports` target.
 */
export type ResolvedVia = 'workspace' | 'source-field' | 'imports-source';

export type Resolution =
  /**
   * A discovered file, repo-relative POSIX; `via` when it is an inference (see ResolvedVia),
   * `condition` the exports-map condition that chose it (`import`, `node`, `types` …).
   */
  | { kind: 'file'; path: string; via?: ResolvedVia; condition?: string }
  /** An npm package ('react', '@scope/pkg'), for the node `external:npm:<name>`. */
  | { kind: 'external'; name: string }
  /** A runtime builtin as written: `node:fs`, `fs`, `bun:test`. */
  | { kind: 'builtin'; name: string }
  /** One sentence saying why no file or package could be named. */
  | { kind: 'unresolved'; reason: string };

export interface ResolveOptions {
  /** `import type` / all-type specifiers: prefer declarations and the `types` condition. */
  typeOnly?: boolean;
  /** `/// <reference path>`: a path relative to the file, never a package. */
  referencePath?: boolean;
  /** How the import is written (static, `import()`, `require()`); picks import vs require. Default static. */
  syntax?: ImportSyntax;
}

export interface WorkspacePackage {
  /** Repo-relative directory, '' for the root package. */
  dir: string;
  /** Repo-relative path of its package.json. */
  manifest: string;
}

export interface Resolver {
  resolve(fromFile: string, specifier: string, opts?: ResolveOptions): Resolution;
  /** Workspace packages found: name → directory and manifest. */
  workspaces: ReadonlyMap<string, WorkspacePackage>;
  /** Configs the resolver could only partly apply (a tsconfig `extends` that is not in the repo …). */
  coverage(): Coverage[];
  /** The environment (conditions, strict ESM) an import from this file is resolved in. */
  environment(fromFile: string, opts?: Pick<ResolveOptions, 'syntax' | 'typeOnly'>): Environment;
}

/**
 * What the cache holds. Results are shared by every file of a directory, so an unresolved reason
 * is kept as a function of the importing file and only written out for the caller.
 */
export type Outcome =
  | Exclude<Resolution, { kind: 'unresolved' }>
  | { kind: 'unresolved'; reason: (fromFile: string) => string };

export const unresolved = (reason: (fromFile: string) => string): Outcome => ({ kind: 'unresolved', reason });
