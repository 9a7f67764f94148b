/** The checkup's vocabulary: what a problem is, what a run returns, and how it is asked for. */
import type { ProofMap } from '../map/schema.js';
import type { AreaDeclaration, ProofmapConfig as DeclaredConfig } from '../model/config.js';

/** The config as the checks read it: `areas: "packages"` already expanded into one area per package. */
export type ProofmapConfig = Omit<DeclaredConfig, 'areas'> & { areas?: AreaDeclaration[] };

export type Evidence = ProofMap['edges'][number]['evidence'][number];

export type ProblemCode =
  | 'unknown-node'
  | 'no-entry'
  | 'forbidden-dependency'
  | 'required-dependency-missing'
  | 'reachable-by-rule'
  | 'unreachable-by-rule'
  | 'dangling-typed-link'
  | 'superseded-still-relied-on'
  | 'unreachable-module'
  | 'dynamic-only-reachable'
  | 'import-cycle'
  | 'self-import'
  | 'flow-incomplete'
  | 'orphan-document'
  | 'shadowed-rule'
  | 'unused-export';

export interface Problem {
  /** error: the declaration and the graph prove it wrong; warning: probable, worth a look. */
  kind: 'error' | 'warning';
  code: ProblemCode;
  /** Sentences read aloud: what is wrong, why it matters, what to do; never more than proved. */
  message: string;
  /** Repo-relative path or node key of the depending side, when there is one. */
  from?: string;
  /** Repo-relative path or node key of the depended-on side. */
  to?: string;
  /** The one node the problem is about (a module, a document). */
  node?: string;
  /** Where to look: the import line, the config line, the file. First entry is the primary location. */
  evidence: Evidence[];
}

export type CheckMode = 'throw' | 'warn' | 'off';

export interface CheckupOptions {
  /** Repo-relative config file name, for evidence (absent when there is no config file). */
  configFile?: string;
  /** Line of a key path in the config file (`['rules', 2, 'to']`). */
  lineOf?: (keyPath: (string | number)[]) => number;
  /** throw: raise CheckupError when an error exists; warn (default): return; off: skip. */
  mode?: CheckMode;
}

export interface CheckupResult {
  /** False only when at least one problem is an error. */
  ok: boolean;
  /** Sorted by kind (errors first), code, primary location. */
  problems: Problem[];
  /** Problems dropped by `checkup.ignore`, counted so nothing disappears silently. */
  ignored: number;
  /** Entry points the reachability checks started from. */
  entries: number;
  /** True when mode was off and nothing was checked. */
  skipped?: boolean;
}

/** Raised in throw mode; carries the full result so a caller can still report every problem. */
export class CheckupError extends Error {
  readonly result: CheckupResult;
  constructor(result: CheckupResult) {
    const errors = result.problems.filter((p) => p.kind === 'error');
    super(
      `checkup found ${errors.length} error${errors.length === 1 ? '' : 's'}: ${errors[0]?.message ?? ''}`,
    );
    this.name = 'CheckupError';
    this.result = result;
  }
}

export type { DeclaredConfig };
