/**
 * The resident's first change costs what the later ones do: what a delta sets up on first use is
 * set up once the watcher has started, off the clock. Measured on the 7k-file monorepo, change →
 * fresh index of the first edit after start: ~65 ms before, against ~15–20 ms for the edits after
 * it (the bench's p95 over 20 edits was that first one).
 * - the closed-module lists of every code extractor in the tree (one index read each, kept);
 * - oxc's parse and the extractor on a small module (the JSON transfer path and its code);
 * - the map schema's validator (loaded and compiled on a node and an edge of this map).
 */
import { extractModule, isCodePath, moduleCacheKey } from '../extract/js-ts.js';
import { validateMap } from '../map/emit.js';
import type { MapText } from '../map/map-text.js';
import type { ProofMap } from '../map/schema.js';
import type { SourceFile } from '../model/facts.js';
import type { IndexStore } from '../store/index.js';

const MODULE = `import { a } from './a.js';\nexport * from './b.js';\nexport const b = a;\nexport default function c() {}\n`;

export function warmDeltaPath(
  files: Iterable<SourceFile>,
  text: MapText,
  store: Pick<IndexStore, 'closedExports'>,
  closed: Map<string, ReadonlySet<string>>,
): void {
  for (const file of files) {
    if (file.role !== 'code' || !isCodePath(file.path)) continue;
    const key = moduleCacheKey(file.path);
    if (!closed.has(key)) closed.set(key, store.closedExports(key));
  }
  extractModule('proofmap-warm-up.ts', MODULE);
  const first = (items: readonly (number | string)[]) =>
    items.length > 0 ? [JSON.parse(text.text(items[0]!)) as unknown] : [];
  validateMap({ ...text.small, nodes: first(text.nodes), edges: first(text.edges) } as ProofMap);
}
