/**
 * New code files in a delta. A new file gets its own node and edges like an edited one (it enters
 * the map as a stub in key order, which applyCodeFile then replaces), but its existence can also
 * change what is already in the map: an import that did not resolve may now land on it, one that
 * landed on `x.js` may now land on the new `x.ts`, a document or manifest naming it may now get
 * an edge. What these checks cannot rule out refuses the delta, and a full build runs instead.
 * They are deliberately coarse (a name appearing anywhere in those places is enough to refuse):
 * the cost of a wrong refusal is a full build, of a wrong splice a wrong map.
 */
import path from 'node:path';
import type { SourceFile, TextSource } from '../model/facts.js';
import { nodeId } from '../model/ids.js';
import { compareStrings } from '../model/paths.js';
import { kindOrder } from './assemble.js';
import { DeltaRefused } from './delta.js';
import type { Item } from './map-text.js';
import { globTakesIn } from './record-globs.js';
import type { MapNode, ProofMap, Zone } from './schema.js';

const CODE_EXTENSION = /(?:\.d)?\.[cm]?[jt]sx?$/;

/** A path without its code extension: what an extensionless specifier names. */
const stemOf = (p: string) => p.replace(CODE_EXTENSION, '');

/** The path a directory import of this file would name (`a/index.ts` → `a`), if it is an index. */
const dirOf = (p: string) => (path.posix.basename(stemOf(p)) === 'index' ? path.posix.dirname(p) : undefined);

export interface AdditionCheck {
  added: readonly SourceFile[];
  /** Every file of the tree now (the added ones included). */
  files: readonly SourceFile[];
  texts: TextSource;
  map: Pick<ProofMap, 'coverage' | 'findings' | 'zones'>;
  /** Keys of the map's package nodes (`external:npm:<name>`, workspace packages). */
  packageKeys: readonly string[];
  /** Every document's cached facts, as JSON (links, mentions, symbols). */
  docFacts(): readonly string[];
}

/** Refuses (DeltaRefused) unless adding these files can change nothing but their own part. */
export function checkAdditions(input: AdditionCheck): void {
  const added = new Set(input.added.map((f) => f.path));
  for (const file of input.added) {
    const stem = stemOf(file.path);
    const dir = dirOf(file.path);
    // A specifier resolves by trying extensions and index files: another file with the same
    // stem (x.js next to the new x.ts, x/index.ts next to the new x.ts) may lose its importers.
    for (const other of input.files) {
      if (added.has(other.path) && other.path === file.path) continue;
      const same =
        stemOf(other.path) === stem ||
        dirOf(other.path) === stem ||
        (dir !== undefined && stemOf(other.path) === dir);
      if (same) throw new DeltaRefused(`${file.path} is new, and ${other.path} answers the same specifier`);
    }
    const name = path.posix.basename(dir ?? stem);
    const mentions = (where: string, text: string | undefined) => {
      if (text?.includes(name)) throw new DeltaRefused(`${file.path} is new, and ${where} names ${name}`);
    };
    // Unresolved imports, broken links and the like name what they looked for.
    for (const c of input.map.coverage) mentions('a coverage entry', `${c.scope} ${c.reason}`);
    for (const f of input.map.findings) mentions('a finding', JSON.stringify(f));
    // A path alias that fell back to a package of the same name would now land on the file.
    for (const key of input.packageKeys) mentions('a package node', key);
    for (const f of input.files)
      if (f.role === 'manifest' || f.role === 'config') mentions(f.path, input.texts.get(f.path));
    for (const facts of input.docFacts()) {
      mentions('a document', facts);
      const glob = globTakesIn(facts, file.path);
      if (glob) throw new DeltaRefused(`${file.path} is new, and a document's glob ${glob} takes it in`);
    }
  }
}

/**
 * Puts a stub node for a new file at its place in the node list (kind order, then key), so the
 * splice can treat it as an edited file without exports or edges. Returns its zone.
 */
export function insertStubNode(
  nodes: Item[],
  keyAt: (i: number) => { kind: string; key: string },
  file: SourceFile,
  zone: Zone,
  zones: readonly Zone[],
): void {
  if (!zones.some((z) => z.id === zone.id))
    throw new DeltaRefused(`${file.path} is new, in a zone the map does not have (${zone.path})`);
  const stub: MapNode = {
    id: nodeId('file', file.path),
    kind: 'file',
    key: file.path,
    label: file.path,
    path: file.path,
    zone: zone.id,
    found_at: { source: 'code', path: file.path },
  };
  const rank = kindOrder.indexOf('file');
  let lo = 0;
  let hi = nodes.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    const at = keyAt(mid);
    const order = kindOrder.indexOf(at.kind) - rank || compareStrings(at.key, file.path);
    if (order < 0) lo = mid + 1;
    else hi = mid;
  }
  nodes.splice(lo, 0, JSON.stringify(stub));
}
