/**
 * Facts of a Markdown/MDX document and the edges derived from them. Types only. They live beside
 * their extractor until src/model/facts.ts takes them over (one vocabulary, DESIGN §3).
 */
import type { Coverage } from '../model/index.js';

/** What the second phase needs to know about the repository; built once per scan by the caller. */
export interface RepoView {
  /** Repo-relative POSIX paths of every discovered file. */
  files: ReadonlySet<string>;
  /** Number of lines of a file, for `#L10-L20` anchors; undefined when unknown (not checked). */
  lineCount(path: string): number | undefined;
  /** GitHub slugs of a Markdown file's headings (from its own DocFacts); undefined for non-docs. */
  headings(path: string): ReadonlySet<string> | undefined;
  /** Exported symbol name → repo paths of the files exporting it (for mentions-symbol). */
  exportedNames: ReadonlyMap<string, readonly string[]>;
}

/** A place in the document: 1-based line and column (UTF-16 code units, as editors count). */
export interface DocPlace {
  line: number;
  column: number;
  /** The source line, trimmed and capped: what a reader sees at that place. */
  excerpt: string;
}

export interface DocHeading {
  /** Plain text of the heading (inline code included, markup and HTML tags left out). */
  text: string;
  /** GitHub anchor, with the duplicate suffix (-1, -2 …) it gets in this document. */
  slug: string;
  depth: number;
  line: number;
}

/** A relative link as written; external (`https:`, `mailto:` …) links are not recorded. */
export interface DocLinkFact extends DocPlace {
  /** The destination after Markdown unescaping (`\_` → `_`), percent-encoding kept. */
  raw: string;
  /** Text found verbatim on `line` at `column`: the destination, or the link's source when
   *  unescaping changed the destination. `grep:<literal>` re-finds it. */
  literal: string;
  /** link `[a](x)`, image `![a](x)`, or a reference definition `[a]: x` (recorded at its own line). */
  via: 'link' | 'image' | 'definition';
}

/** Something that looks like a repo path in inline code or prose; resolved in linkDoc. */
export interface DocMentionFact extends DocPlace {
  /** The path as written (without a `:12` line suffix). Also the grep literal. */
  path: string;
  via: 'inline-code' | 'prose';
}

/** Inline code that is an identifier (`createServer`, `foo()`); resolved in linkDoc. */
export interface DocSymbolFact extends DocPlace {
  name: string;
  /** The inline code text as written, e.g. `foo()`; the grep literal. */
  literal: string;
}

export interface DocFrontMatter {
  /** The parsed YAML mapping. */
  data: Record<string, unknown>;
  /** Line of the opening `---`; the YAML starts on the next line. */
  line: number;
  /** Line of the closing `---`. */
  endLine: number;
}

/** Everything extractDoc reads from one document. Only coverage scopes name the path; links stay
 *  as written and are resolved in linkDoc, once every file is known. */
export interface DocFacts {
  headings: DocHeading[];
  links: DocLinkFact[];
  mentions: DocMentionFact[];
  symbols: DocSymbolFact[];
  frontMatter?: DocFrontMatter;
  /** Unparseable front matter and the like: what could not be read, and why. */
  coverage: Coverage[];
}

export interface DocEdge {
  relation: 'links-to' | 'mentions' | 'mentions-symbol';
  /** Repo path of the target file. */
  target: string;
  line: number;
  column: number;
  excerpt: string;
  /** `grep:<literal>`, the literal appearing verbatim on `line` of the document. */
  verifiedBy: string;
  /** The `#fragment` of a link, decoded, when there was one. */
  anchor?: string;
}

export interface DocFinding {
  code: 'broken-link' | 'broken-anchor' | 'broken-line-anchor';
  /** The document holding the link. */
  path: string;
  line: number;
  column: number;
  /** One sentence: `docs/a.md:12 links to ./missing.md, which does not exist`. */
  message: string;
  /** The link as written. */
  target: string;
}

export interface DocLinks {
  edges: DocEdge[];
  findings: DocFinding[];
  /** Links that were valid but gave no edge, or could not be checked. */
  coverage: Coverage[];
}
