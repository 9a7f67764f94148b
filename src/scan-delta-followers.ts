/**
 * Which unchanged files a delta re-analyses along with the edited ones (scan-delta.ts): the files
 * an edit of exported names moves (importers, users behind `export *` barrels, files passing a
 * name on by name, namespace readers of a new member), the documents whose anchors point into an
 * edited file, and those mentioning a name that appeared or vanished. Each rule is held to a full
 * build byte for byte by the tests; what a rule cannot vouch for is left to the splice's own
 * refusals (a full build).
 */

import { isCodePath } from './extract/js-ts.js';
import type { DocFacts } from './extract/markdown.js';
import { DeltaRefused } from './map/delta.js';
import { exportedNames, IMPORTING } from './map/delta-splice.js';
import { firstExportLine } from './map/import-names.js';
import type { Finding, MapEdge } from './map/schema.js';
import type { ModuleFacts, SourceFile } from './model/facts.js';
import { nodeId } from './model/ids.js';
import { compareStrings } from './model/paths.js';
import type { IndexStore } from './store/index.js';

/** More changed files than this and a full build (which parses in parallel) is as cheap. */
export const MAX_DELTA_FILES = 32;

/** What an edited file's importers need: re-analysing (these), or nothing (`ready` with none). */
export interface Followers {
  followers: SourceFile[];
  /** Every importer whose edges or findings the edit changes is among the followers. */
  ready: boolean;
  /** The exported names that appeared or vanished. */
  moved: readonly string[];
}
export const UNKNOWN: Followers = { followers: [], ready: false, moved: [] };

/**
 * The files importing an edited code file whose exported names changed, or whose first export line
 * moved while an imported-names finding cites it: re-analysed in the same delta after it, their
 * edges and findings follow its new exports. Renaming or removing an export is among an agent's
 * commonest edits, and refusing it cost a full build (7–8 s on the 7k-file monorepo). Only direct
 * importers and users, and only a few: when a barrel re-exports a moved name by name, a name is
 * ambiguous behind `export *`, a finding comes from elsewhere, or the importers are many, none
 * follow and the splice's own checks decide (and refuse) as before.
 */
export function importersOfExports(
  file: SourceFile,
  facts: ModuleFacts,
  before: ModuleFacts | undefined,
  store: IndexStore,
  findings: readonly Finding[],
  byPath: ReadonlyMap<string, SourceFile>,
  factsOf: (file: SourceFile) => ModuleFacts | undefined,
): Followers {
  if (!before) return UNKNOWN;
  const pointing = findings.filter((f) => f.code === 'import-name-not-exported' && f.target === file.path);
  const was = exportedNames(before.exports);
  const now = exportedNames(facts.exports);
  const moved = [...was].filter((n) => !now.has(n)).concat([...now].filter((n) => !was.has(n)));
  // A file with no exports at all may be CommonJS the names check does not judge (import-names.ts).
  const opaqueFlips = (before.exports.length === 0) !== (facts.exports.length === 0);
  const cited = pointing.length > 0 && firstExportLine(before) !== firstExportLine(facts);
  if (moved.length === 0 && !opaqueFlips && !cited) return { followers: [], ready: true, moved };
  const bound = 4 * MAX_DELTA_FILES;
  const lines = store.edgesInto(nodeId('file', file.path), {
    relations: [...IMPORTING, 'uses'],
    limit: bound + 1,
  });
  if (lines.length > bound) return UNKNOWN;
  const edges = lines.map((line) => JSON.parse(line) as MapEdge);
  // Behind `export *` a name another file exports too is ambiguous (exported by neither): adding
  // or removing it here moves users who have no edge to this file. A name no other file exports
  // has none of those.
  const starred = edges.some((e) => e.relation === 're-exports' && e.names?.includes('*'));
  if (starred && moved.some((n) => store.exportersOf(n).some((p) => p !== file.path))) return UNKNOWN;
  const out = new Map<string, SourceFile>();
  if (starred && moved.length > 0) {
    const users = starUsers(file, moved, store, byPath, factsOf);
    if (!users) return UNKNOWN;
    for (const user of users) out.set(user.path, user);
  }
  for (const edge of edges) {
    const from = edge.evidence[0]?.path;
    const importer = from === undefined ? undefined : byPath.get(from);
    if (edge.namespace !== 'code-dep') return UNKNOWN;
    if (importer?.role !== 'code' || !isCodePath(importer.path)) return UNKNOWN;
    if (edge.relation === 're-exports') {
      // `export *` passes names without naming them: the barrel's node, edges and findings stay,
      // and its users' uses edges point here (or, for an added name, starUsers found them).
      if (edge.names?.every((n) => n === '*')) continue;
      // A barrel naming a moved name follows (its finding changes). Barrels re-exporting from it
      // in turn are not followed: a chain of them is left to a full build.
      if (
        edge.names?.some((n) => moved.includes(n)) &&
        store.edgesInto(edge.from, { relations: ['re-exports'], limit: 1 }).length > 0
      )
        return UNKNOWN;
    }
    if (importer.path !== file.path) out.set(importer.path, importer);
  }
  if (out.size >= MAX_DELTA_FILES || pointing.some((f) => !out.has(f.evidence[0]?.path ?? '')))
    return UNKNOWN;
  return { followers: [...out.values()].sort((a, b) => compareStrings(a.path, b.path)), ready: true, moved };
}

/**
 * The documents whose links or broken-link findings name an anchor in a file (`x.ts#L99`,
 * `guide.md#setup`): their verdicts depend on its lines and headings, so they are re-analysed
 * after it. An edge keeps the first of a document's links to a file as its evidence, so the
 * documents linking there are asked, from their cached facts, whether any link has an anchor.
 * Refuses when one cannot be asked, or too many would follow.
 */
export function anchorFollowers(
  file: SourceFile,
  store: IndexStore,
  findings: readonly Finding[],
  byPath: ReadonlyMap<string, SourceFile>,
  /** Edited files: re-analysed in any case, whatever their cached facts were. */
  edited: ReadonlySet<string>,
): SourceFile[] {
  const refuse = (why: string) => new DeltaRefused(`${file.path}: ${why}`);
  const id = nodeId(file.role === 'doc' ? 'document' : 'file', file.path);
  const lines = store.edgesInto(id, { relations: ['links-to'], limit: MAX_DELTA_FILES + 1 });
  if (lines.length > MAX_DELTA_FILES) throw refuse('too many documents link into it');
  const out = new Map<string, SourceFile>();
  const follow = (path: string | undefined) => {
    const doc = path === undefined ? undefined : byPath.get(path);
    if (doc?.role !== 'doc' || doc.content !== 'text')
      throw refuse(`${path ?? 'a link'} points into it, not a document`);
    if (doc.path !== file.path) out.set(doc.path, doc);
  };
  for (const line of lines) {
    const from = (JSON.parse(line) as MapEdge).evidence[0]?.path;
    if (from !== undefined && edited.has(from)) continue;
    const doc = from === undefined ? undefined : byPath.get(from);
    const facts = doc?.role === 'doc' ? store.getFacts<DocFacts>('markdown', doc.hash) : undefined;
    if (!facts) throw refuse(`${from ?? 'a link'} links into it and has no cached facts to tell its anchors`);
    if (facts.links.some((l) => l.raw.includes('#'))) follow(from);
  }
  // A broken anchor has no edge: its finding names the file (the test inspectEdges makes).
  const base = file.path.slice(file.path.lastIndexOf('/') + 1);
  for (const f of findings)
    if (f.code !== 'import-name-not-exported' && f.target?.includes(`${base}#`)) follow(f.evidence[0]?.path);
  if (out.size >= MAX_DELTA_FILES) throw refuse('too many documents link into it with anchors');
  return [...out.values()].sort((a, b) => compareStrings(a.path, b.path));
}

/** Whether a file's namespace bindings read one of these members (unknown facts: maybe). */
const readsMember = (facts: ModuleFacts | undefined, names: readonly string[]): boolean =>
  facts === undefined ||
  facts.imports.some((f) => f.names.includes('*') && f.uses?.some((u) => names.includes(u.name)) === true);

/** Bounds on the walk up a file's `export *` barrels (starUsers). */
const MAX_STAR_BARRELS = 64;
const MAX_STAR_EDGES = 8192;

/**
 * The files that may reach a name added to or removed from `file` through the barrels that
 * star-export it, transitively: those naming it in an import or a re-export, and those reading
 * such a barrel as a namespace whose members include it. An added name reached nothing before, so
 * no edge of theirs points at `file` (a barrel whose `export *` goes somewhere unknown even spared
 * them a finding); a re-export by name is no use either way. Undefined when a file re-exporting a
 * moved name is re-exported from in turn, or the walk passes its bounds.
 */
function starUsers(
  file: SourceFile,
  moved: readonly string[],
  store: IndexStore,
  byPath: ReadonlyMap<string, SourceFile>,
  factsOf: (file: SourceFile) => ModuleFacts | undefined,
): SourceFile[] | undefined {
  const start = nodeId('file', file.path);
  const barrels = [start];
  const seen = new Set(barrels);
  const users = new Map<string, SourceFile>();
  let read = 0;
  for (let head = 0; head < barrels.length; head++) {
    const lines = store.edgesInto(barrels[head]!, { relations: IMPORTING, limit: MAX_STAR_EDGES - read + 1 });
    read += lines.length;
    if (read > MAX_STAR_EDGES) return undefined;
    for (const line of lines) {
      const edge = JSON.parse(line) as MapEdge;
      const names = edge.names ?? ['*'];
      const naming = names.some((n) => moved.includes(n));
      if (edge.relation === 're-exports' && names.includes('*')) {
        if (!seen.has(edge.from)) {
          seen.add(edge.from);
          barrels.push(edge.from);
          if (barrels.length > MAX_STAR_BARRELS) return undefined;
        }
        if (!naming) continue;
      }
      // The file's own importers follow it whatever they name (importersOfExports).
      if (head === 0 || !(naming || names.includes('*'))) continue;
      const from = edge.evidence[0]?.path;
      const user = from === undefined ? undefined : byPath.get(from);
      if (edge.namespace !== 'code-dep' || user?.role !== 'code' || !isCodePath(user.path)) return undefined;
      // A namespace reaches a name only if the file reads that member (used whole, it is `*` already).
      if (!naming && !readsMember(factsOf(user), moved)) continue;
      // A file passing the name on by name follows; the files re-exporting from it are not followed.
      if (
        edge.relation === 're-exports' &&
        store.edgesInto(edge.from, { relations: ['re-exports'], limit: 1 }).length > 0
      )
        return undefined;
      users.set(user.path, user);
    }
  }
  return [...users.values()];
}

/**
 * The documents that mention one of these names (`name` in backticks, as their cached facts hold
 * them): re-analysed after the file that exports it now or no more. Undefined when a document has
 * no cached facts to tell.
 */
export function docsMentioning(
  names: readonly string[],
  store: IndexStore,
  files: readonly SourceFile[],
): SourceFile[] | undefined {
  const cached = store.allFacts<DocFacts>('markdown');
  const out: SourceFile[] = [];
  for (const f of files) {
    if (f.role !== 'doc') continue;
    const doc = cached.get(f.hash);
    if (!doc) return undefined;
    if (doc.symbols.some((s) => names.includes(s.name))) out.push(f);
  }
  return out;
}
