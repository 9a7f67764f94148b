/**
 * A document's own part of the map, recomputed alone and spliced like a code file's: its node, its
 * links and mentions (edges), the broken links it holds (findings) and its coverage. Only plain
 * documents qualify — a decision record declares typed links whose endpoints are resolved across
 * the repository — and only while its heading slugs stay the same, since other documents' anchors
 * point at them.
 */
import { extractArtifact } from '../extract/artifact.js';
import { log4brainsFolders } from '../extract/artifact-folders.js';
import { type DocFacts, type DocFinding, extractDoc, type RepoView } from '../extract/markdown.js';
import { customHeadingId } from '../extract/markdown-link-site.js';
import type { SourceFile, TextSource } from '../model/facts.js';
import { nodeId } from '../model/ids.js';
import type { Coverage } from '../model/types.js';
import { verify } from '../verify/index.js';
import { toEdge, toNode } from './assemble.js';
import { DeltaRefused, KnownEntities } from './delta.js';
import {
  inspectEdges,
  nodeIndex,
  replaceGroup,
  type Splice,
  spliceNode,
  spliceNodeAt,
} from './delta-splice.js';
import { addDocEdges } from './doc-edges.js';
import { addFileNodes } from './file-nodes.js';
import { lineCountOf } from './repo-view.js';
import type { MapNode } from './schema.js';
import { Snapshot } from './snapshot.js';

export interface ChangedDoc {
  file: SourceFile;
  texts: TextSource;
  paths: ReadonlySet<string>;
  /** Facts of another document, for its heading slugs (cached, or extracted from its text). */
  docFacts(path: string): DocFacts | undefined;
  /** Role of a discovered path. */
  roleOf(path: string): string | undefined;
  /** The node id of the decision record at a path (its node is keyed by its record id). */
  artifactAt(path: string): string | undefined;
  flowsDeclared: boolean;
}

export interface DocPart {
  facts: DocFacts;
  findings: DocFinding[];
}

export function applyDocFile(splice: Splice, input: ChangedDoc): DocPart {
  const { file } = input;
  const id = nodeId('document', file.path);
  splice.changedIds.add(id);
  const old = spliceNodeAt(splice, id);
  if (!old) throw new DeltaRefused(`${file.path} is not a plain document in the map`);
  const text = input.texts.get(file.path);
  if (text === undefined) throw new DeltaRefused(`${file.path} could not be read again`);
  const facts = extractDoc(file.path, text);
  // The same record folders as a full build: a `.log4brains.yml` change itself refuses the delta.
  const recordFolders = log4brainsFolders(input.paths, (p) => input.texts.get(p));
  if (extractArtifact(file.path, text, facts, { recordFolders }))
    throw new DeltaRefused(`${file.path} is now a decision record`);
  // Its headings may change: the documents with anchors into it are re-analysed after it
  // (scan-delta-followers.ts anchorFollowers), so their links and findings follow.
  inspectEdges(splice, id);

  const snapshot = new Snapshot();
  addFileNodes(snapshot, [file], () => undefined, new Map());
  const nodeOfPath = {
    get: (p: string) => {
      const role = input.roleOf(p);
      if (role === undefined) return undefined;
      const kind = role === 'doc' ? 'document' : 'file';
      const target = nodeId(kind, p);
      if (spliceNode(splice, target)) return target;
      // A decision record's node is keyed by its record id, not its path: the index knows which.
      const record = role === 'doc' ? input.artifactAt(p) : undefined;
      if (record && spliceNode(splice, record)) return record;
      throw new DeltaRefused(`${file.path} links to ${p}, which has no ${kind} node`);
    },
  };
  const findings = addDocEdges(
    snapshot,
    new Map([[file.path, facts]]),
    new Map(),
    nodeOfPath as ReadonlyMap<string, string>,
    repoView(splice, input, facts),
  );
  const known = new Set(snapshot.entities.keys());
  const verified = verify({
    entities: new KnownEntities(snapshot.entities, (n: string) => known.has(n) || spliceNode(splice, n)),
    relations: snapshot.relations,
    textOf: (p) => (p === file.path ? text : undefined),
    endpoint: () => [],
  });
  if (verified.dropped.some((d) => d.reason !== 'duplicate'))
    throw new DeltaRefused(`${file.path}: a link was not re-found in its source`);
  const self = snapshot.entities.get(id);
  if (!self) throw new DeltaRefused(`${file.path}: no document node`);
  const node = toNode(self, { zoneOf: () => old.zone });
  splice.nodes.set(id, node);
  splice.text.nodes[nodeIndex(splice).get(id)!] = JSON.stringify(node);
  splice.coverage.push(...(snapshot.coverage as Coverage[]), ...verified.coverage);
  replaceGroup(splice, id, verified.edges.map(toEdge), input.flowsDeclared);
  return { facts, findings };
}

/** Coverage a document owns: what its extractor and its link resolution recorded. */
export function docOwnsCoverage(path: string, c: Coverage): boolean {
  return c.analyzer === 'markdown' && (c.scope === path || c.scope.startsWith(`${path}:`));
}

function repoView(splice: Splice, input: ChangedDoc, own: DocFacts): RepoView {
  let names: Map<string, string[]> | undefined;
  return {
    files: input.paths,
    lineCount: (p) => lineCountOf(input.texts.get(p)),
    // Slugs and docs-site custom ids, as addDocEdges sees every document's in a full build.
    headings: (p) => {
      const facts = p === input.file.path ? own : input.docFacts(p);
      if (!facts) return undefined;
      const ids = facts.headings.map((h) => customHeadingId(h.text)).filter((id): id is string => !!id);
      return new Set([...facts.headings.map((h) => h.slug), ...ids]);
    },
    get exportedNames() {
      names ??= exportedNames(splice);
      return names;
    },
  };
}

/**
 * Exported name → exporting files, as repoView builds it from the module facts: file nodes come
 * in path order in map.json, and their `exports` are the facts' exports.
 */
function exportedNames(splice: Splice): Map<string, string[]> {
  const { text } = splice;
  const out = new Map<string, string[]>();
  for (const item of text.nodes) {
    const line = text.text(item);
    if (!line.includes('"exports":')) continue;
    const node = JSON.parse(line) as MapNode;
    if (node.kind !== 'file' || !node.path) continue;
    for (const { name } of node.exports ?? []) {
      if (name === 'default' || name === '*') continue;
      const list = out.get(name);
      if (!list) out.set(name, [node.path]);
      else if (list.at(-1) !== node.path) list.push(node.path);
    }
  }
  return out;
}
