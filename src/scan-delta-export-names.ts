/**
 * What a delta knows of a module's exports from the index alone. An import through a package
 * barrel proves each name absent from every module the barrel's `export *` chains reach; reading
 * each one's facts for that was ~500 rows and JSON parses for one edited file of the 7,000-file
 * monorepo, where the name is found in one or two of them.
 *
 * A module is answered for only when its content is the snapshot's (not edited or added in this
 * delta: the search rows are the snapshot's) and its cached facts are listed as closed (no
 * `export *`, no `export =`: model/facts.ts exportsClosed). Its names are then its map node's
 * export entries, which the search rows hold; `default` and `*` are not among those rows, so
 * they are never answered. Anything else goes to the facts, as before.
 */
import { moduleCacheKey } from './extract/js-ts.js';
import type { ModuleFacts, SourceFile } from './model/facts.js';
import type { IndexStore } from './store/index.js';
import type { ExportNames } from './symbols/index.js';

/** A declaration file exports its top-level declarations without `export`: never answered for. */
const DECLARATION_FILE = /\.d\.[cm]?ts$/;

export function exportNamesOracle(
  store: Pick<IndexStore, 'closedExports' | 'exportersOf'>,
  byPath: ReadonlyMap<string, SourceFile>,
  /** Facts this delta extracted (its changed files): read from memory, never answered for. */
  fresh: ReadonlyMap<string, ModuleFacts>,
  changed: readonly SourceFile[],
  /**
   * The index's lists by extractor, kept by a resident between changes (a list is 6,000 rows, a
   * few ms to read each time). A listed content stays closed; one listed since is read as facts.
   */
  closedOf: Map<string, ReadonlySet<string>> = new Map(),
): ExportNames {
  const moved = new Set(changed.map((f) => f.path));
  const closedAt = new Map<string, boolean>();
  const closedHashes = (extractor: string): ReadonlySet<string> => {
    let hashes = closedOf.get(extractor);
    if (!hashes) {
      hashes = store.closedExports(extractor);
      closedOf.set(extractor, hashes);
    }
    return hashes;
  };
  const exporters = new Map<string, ReadonlySet<string>>();
  const closed = (path: string): boolean => {
    let known = closedAt.get(path);
    if (known === undefined) {
      const file = byPath.get(path);
      known =
        file?.role === 'code' &&
        !moved.has(path) &&
        !fresh.has(path) &&
        !DECLARATION_FILE.test(path) &&
        closedHashes(moduleCacheKey(path)).has(file.hash);
      closedAt.set(path, known);
    }
    return known;
  };
  const exportersOf = (name: string): ReadonlySet<string> => {
    let paths = exporters.get(name);
    if (!paths) {
      paths = new Set(store.exportersOf(name));
      exporters.set(name, paths);
    }
    return paths;
  };
  return {
    closed,
    lacks: (path, name) => name !== 'default' && name !== '*' && closed(path) && !exportersOf(name).has(path),
  };
}
