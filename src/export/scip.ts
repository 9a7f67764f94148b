/**
 * The map as a SCIP index (what Sourcegraph ingests): one Document per file, document or
 * artifact node; one Import occurrence per import edge, at the specifier its evidence points
 * to, naming the imported module's symbol; module and export symbols defined in each file's
 * Document, each with a Definition occurrence at its declaration. What SCIP has no field for — relation kinds beyond imports, trust, verified_by,
 * evidence excerpts, doc links — goes to the sidecar, keyed by the same symbols and edge ids.
 */
import { create, toBinary } from '@bufbuild/protobuf';
import { IMPORT_RELATIONS } from '../graph/views.js';
import type { MapEdge, MapNode, ProofMap } from '../map/schema.js';
import { VERSION } from '../map/version.js';
import { providedPackages } from '../store/pg/publish.js';
import { IndexDesc, SYMBOL_KIND, SYMBOL_ROLE, UTF8 } from './scip-schema.js';

/** Relations written as SCIP import occurrences. */
export const SCIP_IMPORT_RELATIONS: readonly string[] = [...IMPORT_RELATIONS, 'type-imports'];

export interface ScipSidecar {
  schema: 'proofmap.scip-sidecar/v1';
  map_id: string;
  /** One entry per map edge: the occurrence that carries it (document + range), or none. */
  edges: {
    id: string;
    relation: string;
    trust: string;
    verified_by?: string;
    evidence: MapEdge['evidence'];
    names?: string[];
    occurrence?: { document: string; range: number[]; symbol: string };
  }[];
  /** Node id, kind and metadata per SCIP symbol. */
  symbols: Record<string, { node: string; kind: string; metadata?: Record<string, unknown> }>;
}

export interface ScipExport {
  bytes: Uint8Array;
  sidecar: ScipSidecar;
  documents: number;
  /** Import occurrences (one per import edge with a line in its importer). */
  occurrences: number;
  /** Definition occurrences (one module symbol per document, one per named export). */
  definitions: number;
}

const LANGUAGE: Record<string, string> = {
  ts: 'TypeScript',
  tsx: 'TypeScriptReact',
  mts: 'TypeScript',
  cts: 'TypeScript',
  js: 'JavaScript',
  jsx: 'JavaScriptReact',
  mjs: 'JavaScript',
  cjs: 'JavaScript',
  md: 'Markdown',
  mdx: 'Markdown',
  json: 'JSON',
};

/** A SCIP descriptor name: simple identifiers as they are, anything else in backticks. */
const descriptorName = (name: string) =>
  /^[A-Za-z0-9_+\-$]+$/.test(name) ? name : `\`${name.replace(/`/g, '``')}\``;
/** Spaces in a package field are doubled; an empty field is '.'. */
const field = (text: string) => (text === '' ? '.' : text.replace(/ /g, '  '));

export interface ScipOptions {
  /**
   * The text of a repo-relative file, to place each export's Definition on its name in the
   * declaration line (the map records the line, not the column). Without it, or when the name is
   * not on that line, the Definition is an empty range at the line's start.
   */
  readText?(path: string): string | undefined;
}

/** [line, start, end] of `name` as a whole word in the 1-based `line` of `text`, 0-based. */
export function definitionRange(text: string | undefined, line: number, name: string): number[] {
  const row = text?.split('\n')[line - 1];
  if (row !== undefined) {
    const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    // The declared name after `export`, else any whole-word use on the line (`export { a as b }`).
    const word = new RegExp(`(?<![\\w$])${escaped}(?![\\w$])`, 'u');
    const after = row.indexOf('export');
    const tail = after >= 0 ? row.slice(after).search(word) : -1;
    const at = tail >= 0 ? after + tail : row.search(word);
    if (at >= 0) return [line - 1, at, at + name.length];
  }
  return [line - 1, 0, 0];
}

/** A file's exports that name a symbol of their own (`export *` re-exports another module's). */
const named = (node: MapNode) => (node.exports ?? []).filter((x) => x.name !== '*');

export function exportScip(map: ProofMap, projectRoot: string, opts: ScipOptions = {}): ScipExport {
  const packages = providedPackages(map).sort((a, b) => b.dir.length - a.dir.length);
  const packageOf = (p: string) =>
    packages.find((k) => k.dir === '' || p === k.dir || p.startsWith(`${k.dir}/`)) ?? {
      name: 'proofmap-root',
      version: '.',
      dir: '',
    };
  const moduleSymbol = (n: MapNode): string => {
    if (n.kind === 'package' && n.external) {
      const name = n.label;
      return `proofmap npm ${field(name)} . ${descriptorName(name)}/`;
    }
    const p = n.path ?? n.key;
    const pkg = packageOf(p);
    const inside = pkg.dir === '' ? p : p.slice(pkg.dir.length + 1);
    return `proofmap npm ${field(pkg.name)} ${field(pkg.version)} ${inside.split('/').map(descriptorName).join('/')}/`;
  };
  const byId = new Map(map.nodes.map((n) => [n.id, n]));
  const docs = new Map<
    string,
    { node: MapNode; occurrences: { range: number[]; symbol: string; edge: string }[] }
  >();
  const sidecar: ScipSidecar = {
    schema: 'proofmap.scip-sidecar/v1',
    map_id: map.meta.map_id,
    edges: [],
    symbols: {},
  };
  for (const n of map.nodes) {
    if (n.path && (n.kind === 'file' || n.kind === 'document' || n.kind === 'artifact') && !docs.has(n.path))
      docs.set(n.path, { node: n, occurrences: [] });
  }
  let occurrences = 0;
  let definitions = 0;
  for (const e of map.edges) {
    const from = byId.get(e.from);
    const to = byId.get(e.to);
    const entry: ScipSidecar['edges'][number] = {
      id: e.id,
      relation: e.relation,
      trust: e.trust,
      ...(e.verified_by ? { verified_by: e.verified_by } : {}),
      evidence: e.evidence,
      ...((e as { names?: string[] }).names ? { names: (e as { names?: string[] }).names } : {}),
    };
    const ev = e.evidence[0];
    const doc = from?.path ? docs.get(from.path) : undefined;
    if (
      SCIP_IMPORT_RELATIONS.includes(e.relation) &&
      to &&
      doc &&
      ev?.line !== undefined &&
      ev.path === from!.path
    ) {
      const spec = e.verified_by?.startsWith('grep:') ? e.verified_by.slice(5).replace(/^"|"$/g, '') : '';
      const start = Math.max(0, (ev.column ?? 1) - 1);
      const range = [ev.line - 1, start, start + spec.length];
      const symbol = moduleSymbol(to);
      doc.occurrences.push({ range, symbol, edge: e.id });
      entry.occurrence = { document: from!.path!, range, symbol };
      occurrences++;
    }
    sidecar.edges.push(entry);
  }
  const documents = [...docs.keys()].sort().map((p) => {
    const { node, occurrences: occ } = docs.get(p)!;
    const module = moduleSymbol(node);
    sidecar.symbols[module] = {
      node: node.id,
      kind: node.kind,
      ...(node.metadata ? { metadata: node.metadata } : {}),
    };
    const symbols = [
      {
        symbol: module,
        kind: SYMBOL_KIND.module,
        displayName: p.slice(p.lastIndexOf('/') + 1),
        documentation: [],
      },
      ...named(node).map((x) => ({
        symbol: `${module}${descriptorName(x.name)}.`,
        kind: SYMBOL_KIND.unspecified,
        displayName: x.name,
        documentation: [`exported at ${p}:${x.line}${x.typeOnly ? ' (type only)' : ''}`],
      })),
    ];
    occ.sort((a, b) => a.range[0]! - b.range[0]! || a.range[1]! - b.range[1]! || (a.edge < b.edge ? -1 : 1));
    const ext = p.slice(p.lastIndexOf('.') + 1).toLowerCase();
    // Definitions: the module at the file's start (SCIP's convention for a module symbol), each
    // export at its declaration line.
    const text = node.exports?.length ? opts.readText?.(p) : undefined;
    const defs = [
      { range: [0, 0, 0], symbol: module, symbolRoles: SYMBOL_ROLE.definition },
      ...named(node).map((x) => ({
        range: definitionRange(text, x.line, x.name),
        symbol: `${module}${descriptorName(x.name)}.`,
        symbolRoles: SYMBOL_ROLE.definition,
      })),
    ];
    definitions += defs.length;
    const all = [
      ...defs,
      ...occ.map((o) => ({ range: o.range, symbol: o.symbol, symbolRoles: SYMBOL_ROLE.import })),
    ].sort(
      (a, b) =>
        a.range[0]! - b.range[0]! ||
        a.range[1]! - b.range[1]! ||
        a.symbolRoles - b.symbolRoles ||
        (a.symbol < b.symbol ? -1 : a.symbol > b.symbol ? 1 : 0),
    );
    return { relativePath: p, language: LANGUAGE[ext] ?? '', occurrences: all, symbols };
  });
  const externals = map.nodes
    .filter((n) => n.kind === 'package' && n.external)
    .map((n) => ({
      symbol: moduleSymbol(n),
      kind: SYMBOL_KIND.package,
      displayName: n.label,
      documentation: [],
    }));
  const index = create(IndexDesc, {
    metadata: {
      version: 0,
      toolInfo: { name: 'proofmap', version: VERSION, arguments: ['export', '--format', 'scip'] },
      projectRoot: projectRoot,
      textDocumentEncoding: UTF8,
    },
    documents,
    externalSymbols: externals,
  } as never);
  return {
    bytes: toBinary(IndexDesc, index),
    sidecar,
    documents: documents.length,
    occurrences,
    definitions,
  };
}
