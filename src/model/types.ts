/**
 * The vocabulary of proofmap (DESIGN §3). Every stage imports these; nothing else defines them.
 */
import type { CODE_DEP_RELATIONS, TYPED_RELATIONS } from './constants.js';

/** One of the 11 typed-link relations. */
export type TypedRelation = (typeof TYPED_RELATIONS)[number];
/** A code-dependency relation (imports, depends-on, links-to, …). */
export type CodeDepRelation = (typeof CODE_DEP_RELATIONS)[number];
/** Any relation kind an extractor may propose; verification decides whether it survives. */
export type RelationKind = TypedRelation | CodeDepRelation;

export type Namespace = 'typed-link' | 'code-dep';
/** high: validated typed link; medium: code-dep re-found in source; low: heuristic prose mention. */
export type Trust = 'high' | 'medium' | 'low';

export type EntityKind = 'file' | 'document' | 'artifact' | 'package' | 'area' | 'symbol' | 'script';

/** Where a fact was seen. Paths are repo-relative POSIX; line and column are 1-based. */
export interface Evidence {
  /** What kind of input the fact came from. */
  source: 'code' | 'doc' | 'manifest' | 'config' | 'derived' | 'git';
  /** Repo-relative POSIX path of the file holding the fact. */
  path: string;
  /** 1-based line. */
  line?: number;
  /** 1-based column. */
  column?: number;
  /** The text at that place, trimmed, at most one line. */
  excerpt?: string;
  /**
   * For an import edge found by inference rather than as the compiler would: how
   * (`workspace`, `source-field`, `imports-source`; see resolve/types.ts ResolvedVia).
   */
  via?: string;
  /**
   * For an import edge through an exports map: the condition(s) that chose the target (`node>import`).
   * For a Go import: the conditions its file is built under (`file:linux, go:build cgo, test`).
   */
  condition?: string;
  /** For a `uses` edge: the target's declared names this import brought along this chain. */
  symbols?: string[];
  /** For a package.json dependency: the field that lists it (`dependencies`, `devDependencies` …). */
  field?: 'dependencies' | 'devDependencies' | 'peerDependencies' | 'optionalDependencies';
}

/** An exported name of a module. */
export interface ExportedName {
  /** The exported name (`default` for default exports, `*` for `export * from`). */
  name: string;
  /** 1-based line of the export. */
  line: number;
  /** True when only a type is exported. */
  typeOnly: boolean;
  /**
   * Set when the module declares the name itself (no re-export): the declaration's keyword
   * (`function`, `class`, `const`, `type` … `default`, `export=`). Such an entry is a symbol.
   */
  declaration?: string;
}

export interface Entity {
  /** Content-hash id: sha1(kind + ":" + key)[:12] (see ids.ts). */
  id: string;
  kind: EntityKind;
  /** Human label: the path's base name, the package name, the artifact id. */
  name: string;
  /** Repo-relative POSIX path, when the entity lives in a file. */
  path?: string;
  /** The key the id was minted from (path for files, `external:npm:x` for externals, slug otherwise). */
  key: string;
  /** Where the entity was found. */
  evidence: Evidence[];
  /** Kind-specific facts (exports of a module, the artifact's status, a package's version …). */
  metadata?: Record<string, unknown>;
}

export interface Relation {
  /** sha1("edge:" + from + "|" + to + "|" + kind)[:12], minted after endpoints are remapped. */
  id: string;
  kind: RelationKind | string;
  /** Entity id of the source. */
  from: string;
  /** Entity id of the target. */
  to: string;
  namespace: Namespace;
  trust: Trust;
  /** Re-runnable check, recorded literally, e.g. `grep:./util.js` that must be found in `from`. */
  verified_by?: string;
  /** At least one place where the relation was seen. An edge without evidence is not an edge. */
  evidence: Evidence[];
}

/**
 * `too-complex`: the input exceeds a bound set so that no file can stall a scan (depth, size).
 * `parser-crashed`: the parser died on the file (a native crash, isolated in its own process).
 */
export type CoverageStatus =
  | 'analyzed'
  | 'partial'
  | 'failed'
  | 'skipped'
  | 'not-analyzed'
  | 'too-complex'
  | 'parser-crashed';

/** Something the scan could not (fully) analyse, and why. Nothing is dropped silently. */
export interface Coverage {
  /** The analyzer that recorded it: discover, js-ts, resolve, markdown, verify … */
  analyzer: string;
  /** What it is about: a repo-relative path, optionally `path:line`. */
  scope: string;
  status: CoverageStatus;
  /** One sentence: what could not be done and why. */
  reason: string;
  /** The specifier, link or value concerned, when there is one. */
  detail?: string;
}
