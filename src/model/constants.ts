/**
 * Shared constants: one definition each, imported everywhere (DESIGN §4). A walk, a re-check and
 * the guardian must agree on these, or a verified edge could fail its own re-run.
 */

/** Never part of the map, whoever lists the files: dependencies, git's own store, our output. */
export const ALWAYS_EXCLUDED_DIRS: readonly string[] = Object.freeze(['node_modules', '.git', '.proofmap']);

/**
 * Folder names that usually hold generated or vendored files. Only the no-git walk skips them
 * (discover/exclusions.ts): in a git work tree, what git tracks and does not ignore is source,
 * whatever its folder is called (`scripts/build/*.ts`).
 */
export const GENERATED_DIRS: readonly string[] = Object.freeze([
  'vendor',
  'dist',
  'build',
  'target',
  '.svelte-kit',
  '.next',
  'coverage',
]);

/**
 * Both lists: folders where the absence of a file proves nothing (a doc linking to `dist/x.js`,
 * a claim about `coverage/`), because they are usually generated. Not a listing rule any more.
 */
export const EXCLUDED_DIRS: readonly string[] = Object.freeze([...ALWAYS_EXCLUDED_DIRS, ...GENERATED_DIRS]);

/** The 11 typed-link relations, exactly; anything else in the typed-link namespace is dropped. */
export const TYPED_RELATIONS = Object.freeze([
  'informs',
  'based_on',
  'supersedes',
  'contradicts',
  'refines',
  'supports',
  'demonstrates',
  'covers',
  'triangulates',
  'references',
  'belongs_to',
] as const);

/** Code-dependency relations: edges confirmed in source (trust medium) or prose mentions (low). */
export const CODE_DEP_RELATIONS = Object.freeze([
  'imports',
  'type-imports',
  're-exports',
  'dynamic-imports',
  'requires',
  'depends-on',
  'spawns',
  'copies',
  'references-file',
  'links-to',
  'mentions',
  'mentions-symbol',
  /** A Go package directory → one of its files (evidenced by the file's `package` clause). */
  'contains',
] as const);

/** Output folder at the repository root. */
export const OUTPUT_DIR = '.proofmap';
export const MAP_FILE = 'map.json';
export const INDEX_FILE = 'index.db';
export const MAP_SCHEMA_ID = 'proofmap.map/v1';

/** Files larger than this are skipped and recorded as coverage (configurable). */
/**
 * The longest a consult may live (ten years, in hours). Beyond it `gate.markerMaxAgeHours` is a
 * configuration error: hours times 3.6e6 ms would overflow to Infinity, which JSON stores as
 * null, and every marker would then read as too old.
 */
export const MAX_MARKER_AGE_HOURS = 87_600;
export const DEFAULT_MAX_FILE_BYTES = 1024 * 1024;

/** Bumped whenever an extractor's output for the same bytes could change; keys the fact cache. */
export const EXTRACTOR_VERSION = 2;

export const GENERATOR = 'proofmap';

/** Configuration files, in the order they are looked for at the repository root; the first found wins. */
export const CONFIG_FILES = ['proofmap.config.json', 'proofmap.config.yaml', 'proofmap.config.yml'] as const;

/**
 * The condition on the evidence of a Python import inside `try:` with an `except ImportError`:
 * the code runs without it, so it is no undeclared dependency (python-edges.ts, checkup).
 */
export const PYTHON_OPTIONAL_IMPORT = 'optional: inside try/except ImportError';
