/**
 * Facts extracted from one file, before resolution. Extractors are pure functions from
 * (path, text) to these; the fact cache keys them by (content hash, EXTRACTOR_VERSION).
 */
import type { Coverage, ExportedName, RelationKind } from './types.js';

/** How a module names another one. */
export interface ImportFact {
  /** The literal specifier as written (`./util.js`, `react`, `#internal`). */
  specifier: string;
  /** imports | type-imports | re-exports | dynamic-imports | requires | references-file */
  relation: RelationKind;
  /** 1-based line and column of the specifier literal. */
  line: number;
  column: number;
  /** Imported names: `default`, `*` (namespace / side-effect-free star), or the exported name. */
  names: string[];
  /** True for `import type`, or when every named specifier is inline `type`. */
  typeOnly: boolean;
  /** True for `/// <reference path>`: resolved as a relative path, never as a package. */
  referencePath?: boolean;
  /**
   * What the importing file uses of it: each imported name (a namespace's accessed members) with
   * the line of its first mention after the import. Absent for imports that bind nothing.
   */
  uses?: NameUse[];
  /** A namespace binding that is also used whole (passed, spread): its members are a lower bound. */
  escapes?: boolean;
}

/** One imported name and where the importing file first mentions it (the import line if never). */
export interface NameUse {
  name: string;
  line: number;
}

/** An export whose value comes from another module: `export { a as b } from`, or an imported binding re-exported. */
export interface ExportOrigin {
  /** The exported name. */
  name: string;
  specifier: string;
  /** The name taken from the other module: `default`, a name, or `*` for `export * as ns`. */
  imported: string;
  /** 1-based line of the export specifier. */
  line: number;
}

export interface ModuleFacts {
  imports: ImportFact[];
  exports: ExportedName[];
  /** Exports taken from another module (absent when none); `export *` stays an import fact. */
  origins?: ExportOrigin[];
  /** Non-literal dynamic imports, parse errors … anything the extractor could not analyse. */
  coverage: Coverage[];
}

/**
 * Whether a module's export table is its export names alone: it exports something, none of it as
 * `export =` or `export *`, and no re-export fact brings `*` (an ambient module's `export *` has
 * no export name). A name it does not list is then provably not exported by it, with no facts read:
 * a delta walking a package barrel's `export *` chains skips such files by the names the index
 * holds (store/facts.ts closed_facts). The index's schema step 9 fills the table with the same test.
 */
export function exportsClosed(facts: ModuleFacts): boolean {
  return (
    facts.exports.length > 0 &&
    !facts.exports.some((e) => e.name === '*' || e.name === 'export=') &&
    !facts.imports.some((f) => f.relation === 're-exports' && f.names.includes('*'))
  );
}

/** What a file is, decided by its name; decides which extractors run. */
export type FileRole = 'code' | 'doc' | 'manifest' | 'config' | 'asset' | 'other';

/** A listed, readable, hashed file. */
export interface SourceFile {
  /** Repo-relative POSIX path. */
  path: string;
  role: FileRole;
  size: number;
  /** sha256[:16] of the bytes. */
  hash: string;
  /** Modification time in ms (for cheap change detection before hashing). */
  mtimeMs: number;
  /**
   * size:mtime:inode:ctime as stat saw them. A later scan that sees the same stamp on a file whose
   * mtime is well before that scan's start reuses the hash instead of reading the bytes.
   */
  stamp?: string;
  /** What discovery made of the bytes: decoded text, binary, invalid UTF-8, or not read (role or size). */
  content?: FileContent;
}

export type FileContent = 'text' | 'binary' | 'invalid-utf8' | 'unread';

/** Decoded texts of discovered files, by path; read on first use where discovery skipped the bytes. */
export interface TextSource {
  get(path: string): string | undefined;
  /** Whether the file is a decoded text (without reading a deferred one). */
  has(path: string): boolean;
}
