/**
 * Artifact ids and decision-record file names. The rules, in order:
 *  1. Front matter `id:` of the form PREFIX-123 (prefixes below, any case) is the id as written,
 *     prefix upper-cased: `id: adr-016` → `ADR-016`.
 *  2. A file name starting with a prefix and a number is the id as written: `ADR-016-foo.md`,
 *     `rfc_0023.md` → `ADR-016`, `RFC-0023`.
 *  3. A numbered file (`0001-record-architecture-decisions.md`, adr-tools and MADR) inside a
 *     decision folder is ADR-<number>, inside an RFC folder RFC-<number>, the number without its
 *     zero padding (`ADR-1`), as adr-tools titles it ("1. Record architecture decisions").
 * Templates (`0000-template.md`, `adr-template.md`) are not records. artifactKey() compares ids
 * across spellings (`ADR-016` and `ADR-16` are the same record).
 */
import { isMarkdownPath } from './markdown-parse.js';

/** The documented artifact prefixes. Others (`id: intro` in Docusaurus) are not artifact ids. */
export const ARTIFACT_PREFIXES = ['ADR', 'RFC', 'PRD', 'SPEC'] as const;

/** Folder names (any case) whose numbered files are decision records, and the prefix they get. */
const RECORD_FOLDERS: ReadonlyMap<string, string> = new Map([
  ['adr', 'ADR'],
  ['adrs', 'ADR'],
  ['decisions', 'ADR'],
  ['decision-records', 'ADR'],
  ['architecture-decisions', 'ADR'],
  ['architecture_decisions', 'ADR'],
  ['rfc', 'RFC'],
  ['rfcs', 'RFC'],
]);

const PREFIXES = ARTIFACT_PREFIXES.join('|');
const ID = new RegExp(`^(${PREFIXES})-(\\d+)$`, 'i');
const PREFIXED_NAME = new RegExp(`^(${PREFIXES})[-_]?(\\d+)(?:[-_. ].*)?$`, 'i');
const NUMBERED_NAME = /^(\d{1,6})(?:[-_].*)?$/;

/** `ADR-016`, `rfc-2` … normalised to an upper-case prefix; undefined when not an artifact id. */
export function parseArtifactId(value: string): string | undefined {
  const match = ID.exec(value.trim());
  return match ? `${match[1]!.toUpperCase()}-${match[2]}` : undefined;
}

/** The spelling-independent key of an id: `ADR-016` → `ADR-16`. */
export function artifactKey(id: string): string {
  const match = ID.exec(id.trim());
  return match ? `${match[1]!.toUpperCase()}-${Number(match[2])}` : id;
}

/** The id a decision-record file name implies (rules 2 and 3 above), or undefined. */
export function artifactIdFromPath(path: string): string | undefined {
  if (!isMarkdownPath(path)) return undefined;
  const segments = path.split('/');
  const file = segments.pop()!;
  const base = file.slice(0, file.lastIndexOf('.'));
  if (base.toLowerCase().includes('template')) return undefined;
  const prefixed = PREFIXED_NAME.exec(base);
  if (prefixed) return `${prefixed[1]!.toUpperCase()}-${prefixed[2]}`;
  const numbered = NUMBERED_NAME.exec(base);
  if (!numbered) return undefined;
  for (let i = segments.length - 1; i >= 0; i--) {
    const prefix = RECORD_FOLDERS.get(segments[i]!.toLowerCase());
    if (prefix) return `${prefix}-${Number(numbered[1])}`;
  }
  return undefined;
}

/** True for `docs/adr/0001-x.md`, `doc/architecture/decisions/0002-y.md`, `rfcs/0001-x.md`, `ADR-016.md` … */
export function isDecisionRecordPath(path: string): boolean {
  return artifactIdFromPath(path) !== undefined;
}
