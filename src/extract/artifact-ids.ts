/**
 * Artifact ids and decision-record file names. The rules, in order:
 *  1. Front matter `id:` of the form PREFIX-123 (prefixes below, any case) is the id as written,
 *     prefix upper-cased: `id: adr-016` → `ADR-016`.
 *  2. A file name starting with a prefix and a number is the id as written: `ADR-016-foo.md`,
 *     `rfc_0023.md`, Backstage's `adr013-use-fetch.md` → `ADR-016`, `RFC-0023`, `ADR-013`.
 *  3. A numbered file (`0001-record-architecture-decisions.md`, adr-tools and MADR) inside a
 *     decision folder is ADR-<number>, inside an RFC folder RFC-<number>, a PRD folder
 *     PRD-<number>, the number without its zero padding (`ADR-1`), as adr-tools titles it.
 *  4. A date-named file (`20200925-multi-packages.md`, `2021-03-04-use-x.md`: log4brains) in a
 *     decision folder, or any record file in a folder a `.log4brains.yml` names, is identified by
 *     its slug, the file name without extension, as log4brains identifies it.
 * Templates (`0000-template.md`, `adr-template.md`) and folder pages (README, index) are not
 * records. artifactKey() compares ids across spellings (`ADR-016` and `ADR-16` are one record).
 */
import { isMarkdownPath } from './markdown-path.js';

/** The documented artifact prefixes. Others (`id: intro` in Docusaurus) are not artifact ids. */
export const ARTIFACT_PREFIXES = ['ADR', 'RFC', 'PRD', 'SPEC'] as const;

/** Folder names (any case) whose numbered files are decision records, and the prefix they get. */
const RECORD_FOLDERS: ReadonlyMap<string, string> = new Map([
  ['adr', 'ADR'],
  ['adrs', 'ADR'],
  ['decisions', 'ADR'],
  ['decision-records', 'ADR'],
  ['decision-log', 'ADR'],
  ['architecture-decisions', 'ADR'],
  ['architecture_decisions', 'ADR'],
  ['architecture-decision-records', 'ADR'],
  ['rfc', 'RFC'],
  ['rfcs', 'RFC'],
  ['prd', 'PRD'],
  ['prds', 'PRD'],
]);

const PREFIXES = ARTIFACT_PREFIXES.join('|');
const ID = new RegExp(`^(${PREFIXES})-(\\d+)$`, 'i');
const PREFIXED_NAME = new RegExp(`^(${PREFIXES})[-_]?(\\d+)(?:[-_. ].*)?$`, 'i');
const NUMBERED_NAME = /^(\d{1,6})(?:[-_].*)?$/;
/** `20200925-x`, `2020-09-25-x`, `2020_09_25_x`: a creation date, then a slug. */
export const DATE_SLUG = /^(?:\d{8}|\d{4}[-_]\d{2}[-_]\d{2})[-_][\p{L}\p{N}][\p{L}\p{N}_-]*$/u;
/** `template`, `0000-template`, `adr-template-bare`, `adr000-template`; not `0019-minimal-template`. */
const TEMPLATE = /^(?:(?:adr|rfc|prd|spec)?[-_]?\d*[-_])?template(?:\b|_)/i;
const FOLDER_PAGES = /^(?:readme|index|_index|toc|summary)$/i;

export interface RecordContext {
  /** Folders (repo paths) every Markdown file of which is a record: log4brains `adrFolder`s. */
  recordFolders?: ReadonlySet<string>;
}

/** `ADR-016`, `rfc-2` … normalised to an upper-case prefix; undefined when not an artifact id. */
export function parseArtifactId(value: string): string | undefined {
  const match = ID.exec(value.trim());
  return match ? `${match[1]!.toUpperCase()}-${match[2]}` : undefined;
}

/** The spelling-independent key of an id: `ADR-016` → `ADR-16`; a slug stays as it is. */
export function artifactKey(id: string): string {
  const match = ID.exec(id.trim());
  return match ? `${match[1]!.toUpperCase()}-${Number(match[2])}` : id;
}

/** The id a decision-record file name implies (rules 2 to 4 above), or undefined. */
export function artifactIdFromPath(path: string, context: RecordContext = {}): string | undefined {
  if (!isMarkdownPath(path)) return undefined;
  const segments = path.split('/');
  const file = segments.pop()!;
  const base = file.slice(0, file.lastIndexOf('.'));
  if (TEMPLATE.test(base) || FOLDER_PAGES.test(base)) return undefined;
  const prefixed = PREFIXED_NAME.exec(base);
  if (prefixed) return `${prefixed[1]!.toUpperCase()}-${prefixed[2]}`;
  const prefix = recordFolderPrefix(segments);
  const numbered = NUMBERED_NAME.exec(base);
  if (numbered && !DATE_SLUG.test(base)) return prefix ? `${prefix}-${Number(numbered[1])}` : undefined;
  if (prefix && DATE_SLUG.test(base)) return base;
  if (context.recordFolders?.has(segments.join('/'))) return base;
  return undefined;
}

/** The prefix of the nearest enclosing decision, RFC or PRD folder, if any. */
export function recordFolderPrefix(folders: readonly string[]): string | undefined {
  for (let i = folders.length - 1; i >= 0; i--) {
    const prefix = RECORD_FOLDERS.get(folders[i]!.toLowerCase());
    if (prefix) return prefix;
  }
  return undefined;
}

/** True for `docs/adr/0001-x.md`, `doc/architecture/decisions/0002-y.md`, `rfcs/0001-x.md`, `ADR-016.md` … */
export function isDecisionRecordPath(path: string, context: RecordContext = {}): boolean {
  return artifactIdFromPath(path, context) !== undefined;
}
