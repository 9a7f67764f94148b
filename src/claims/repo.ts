/**
 * What detectors may know about a repository: a read-only view built from the map (the scan's
 * parsed facts) and the manifests' texts. Detectors never see the file system; exports come from
 * the parser's facts on map nodes, so a name in a comment or a string can never be an export.
 */

import { isMarkdownPath } from '../extract/markdown.js';
import { extractPackageJson, type PackageFacts } from '../extract/package-json.js';
import type { ProofMap } from '../map/schema.js';
import { toPosix } from '../model/paths.js';
import type { ExportedName } from '../model/types.js';
import { type DocAnchors, docAnchors } from './anchors.js';
import { docFacts } from './parsed.js';

export interface ImportFact {
  from: string;
  /** A repo path, or a package name for bare specifiers. */
  to: string;
  line?: number;
}

export interface PackageView {
  /** Repo path of the package.json. */
  manifest: string;
  facts: PackageFacts;
  /** The manifest's `files` allowlist as written; undefined when it has none (or is unreadable). */
  shipped?: readonly string[];
}

/** An import the resolver could not land on a scanned file (often a bin importing unbuilt dist/). */
export interface UnresolvedImport {
  from: string;
  line: number;
  specifier: string;
}

export interface ClaimsRepo {
  files: ReadonlySet<string>;
  /** True when the path is a symlink (or under one) whose target leaves the root. */
  escapes(path: string): boolean;
  exports: ReadonlyMap<string, readonly ExportedName[]>;
  /** Markdown path → GitHub heading slugs. */
  headings(doc: string): ReadonlySet<string> | undefined;
  /** Markdown path → its HTML anchors and `{#custom-id}` heading ids. */
  anchors(doc: string): DocAnchors | undefined;
  imports: readonly ImportFact[];
  /** Root package first, then workspaces by manifest path. */
  packages: readonly PackageView[];
  /** Text of a repository file (bin sources, for flags); undefined when unreadable. */
  textOf(path: string): string | undefined;
  /** Imports left unresolved by the scan, from its coverage. */
  unresolved: readonly UnresolvedImport[];
  /** True when the path is a file or folder on disk, even one the scan ignores (git-ignored). */
  onDisk(path: string): boolean;
  /**
   * A file discovery listed but could not take in (a name with a backslash, an NFD name), by the
   * path a document would spell it with; its name on disk and the scan's reason.
   */
  unanalysed?(path: string): { name: string; reason: string } | undefined;
}

export interface RepoInputs {
  map: ProofMap;
  textOf(path: string): string | undefined;
  escapes?(path: string): boolean;
  headings?(doc: string): ReadonlySet<string> | undefined;
  onDisk?(path: string): boolean;
}

const CODE_RELATIONS = new Set(['imports', 'type-imports', 're-exports', 'requires', 'dynamic-imports']);

export function claimsRepoFromMap(inputs: RepoInputs): ClaimsRepo {
  const { map } = inputs;
  const pathOf = new Map(map.nodes.map((n) => [n.id, n.path]));
  const files = new Set<string>();
  const exports = new Map<string, ExportedName[]>();
  for (const n of map.nodes) {
    if (n.kind === 'package' || n.kind === 'script' || n.kind === 'symbol' || !n.path || n.external) continue;
    files.add(n.path);
    if (n.exports) exports.set(n.path, n.exports);
  }
  const imports: ImportFact[] = [];
  for (const e of map.edges) {
    if (!CODE_RELATIONS.has(e.relation)) continue;
    const from = pathOf.get(e.from);
    if (!from) continue;
    const target = pathOf.get(e.to);
    // External targets have no node: the specifier is the grep literal of verified_by.
    const to = target ?? packageName(e.verified_by?.replace(/^grep:/, '') ?? '');
    if (to) imports.push({ from, to, line: e.evidence[0]?.line });
  }
  const packages: PackageView[] = [];
  const manifests = [...files].filter((p) => p === 'package.json' || p.endsWith('/package.json')).sort();
  for (const manifest of manifests) {
    if (manifest.includes('node_modules/')) continue;
    const text = inputs.textOf(manifest);
    if (text !== undefined)
      packages.push({ manifest, facts: extractPackageJson(manifest, text), ...shippedOf(text) });
  }
  const unresolved: UnresolvedImport[] = [];
  for (const c of map.coverage) {
    const at = c.analyzer === 'resolve' && c.detail ? /^(.+):(\d+)$/.exec(c.scope) : null;
    if (at) unresolved.push({ from: at[1]!, line: Number(at[2]), specifier: c.detail! });
  }
  // Keyed by the NFC, `/`-separated spelling, which is how a claim's path is read.
  const unanalysed = new Map<string, { name: string; reason: string }>();
  for (const c of map.coverage)
    if (c.analyzer === 'discover' && !files.has(c.scope))
      unanalysed.set(toPosix(c.scope), { name: c.scope, reason: c.reason });
  return {
    files,
    unanalysed: (p) => unanalysed.get(toPosix(p)),
    escapes: inputs.escapes ?? (() => false),
    exports,
    headings: inputs.headings ?? docHeadings(inputs.textOf),
    anchors: anchorsOf(inputs.textOf),
    imports,
    packages,
    textOf: inputs.textOf,
    unresolved,
    onDisk: inputs.onDisk ?? (() => false),
  };
}

/** The `files` allowlist: what `npm pack` ships, so what an installed copy can hold. */
function shippedOf(text: string): { shipped?: string[] } {
  try {
    const files = (JSON.parse(text) as { files?: unknown }).files;
    return Array.isArray(files) && files.every((f) => typeof f === 'string') ? { shipped: files } : {};
  } catch {
    return {};
  }
}

/** `zod/mini` → `zod`, `@a/b/c` → `@a/b`; undefined for relative or empty specifiers. */
export function packageName(specifier: string): string | undefined {
  if (specifier === '' || specifier.startsWith('.') || specifier.startsWith('/')) return undefined;
  const parts = specifier.replace(/^node:/, 'node:').split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

/** HTML anchors and custom heading ids, read once per document. */
export function anchorsOf(textOf: (path: string) => string | undefined) {
  const cache = new Map<string, DocAnchors | undefined>();
  return (doc: string): DocAnchors | undefined => {
    if (!cache.has(doc)) {
      const text = isMarkdownPath(doc) || doc.endsWith('.mdc') ? textOf(doc) : undefined;
      cache.set(doc, text === undefined ? undefined : docAnchors(doc, text));
    }
    return cache.get(doc);
  };
}

/** Heading slugs read with the Markdown extractor, once per document. */
function docHeadings(textOf: (path: string) => string | undefined) {
  const cache = new Map<string, ReadonlySet<string> | undefined>();
  return (doc: string): ReadonlySet<string> | undefined => {
    if (!cache.has(doc)) {
      const text = isMarkdownPath(doc) || doc.endsWith('.mdc') ? textOf(doc) : undefined;
      cache.set(
        doc,
        text === undefined ? undefined : new Set(docFacts(doc, text).headings.map((h) => h.slug)),
      );
    }
    return cache.get(doc);
  };
}
