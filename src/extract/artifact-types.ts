/**
 * Facts of a decision record or other artifact. Types only; candidates for src/model/facts.ts.
 */
import type { Coverage } from '../model/index.js';

/** One declared link of an artifact, before verification decides whether it is a typed link. */
export interface ArtifactLink {
  /** One of the 11 when the declaration names one (`based-on:` → `based_on`); otherwise the key
   *  or phrase as written (`depends_on`, `clarifies`), for verify to drop and report. */
  relation: string;
  /** The other endpoint as declared: an artifact id (`ADR-3`), a repo path or a glob as written in
   *  front matter; for a Markdown link in the body, the repo path it resolves to. When `from` is
   *  set, `value` is this artifact's own id instead. */
  value: string;
  /** Set when the link runs towards this artifact: "Superseded by [ADR-9](0009-x.md)" declares
   *  `from: docs/adr/0009-x.md`, `relation: supersedes`, `value: <this id>`. */
  from?: string;
  /** 1-based line and column of the literal in the document. */
  line: number;
  column: number;
  /** The source line, trimmed. */
  excerpt: string;
  /** Text found verbatim at that place (the value, or the link destination as written). */
  literal: string;
  source: 'front-matter' | 'body';
}

export interface ArtifactFacts {
  /** `ADR-016` from front matter `id:`, else from the file name (see artifact-ids.ts); a slug
   *  (`20200925-multi-packages`) for date-named and unnumbered records. */
  artifactId: string;
  /** Front matter `title:`, else the text of the first heading. */
  title?: string;
  /** Lower-case when a known status word (`accepted`, `superseded` …), else as written. */
  status?: string;
  links: ArtifactLink[];
  /** Who decided: MADR `deciders:` / `decision-makers:` or a `- Deciders:` line. */
  deciders?: string[];
  /** Front matter `checks:` (a command or a list of them): what proves a change to the files the
   *  record covers; `context` lists them for those files. */
  checks?: string[];
  /** Declarations that could not be read as links (a number under `supersedes:`, an external URL). */
  coverage: Coverage[];
}
