/**
 * Front-matter link declarations, each cited at the line of its value. Which keys are
 * relation-like (the rest, `title`, `status`, `date`, `tags` …, are metadata):
 *  - the 11 relations, in any case and with `-` or camelCase (`based-on`, `basedOn`);
 *  - RELATION_LIKE keys, which are not valid relations but are clearly meant as links;
 *  - keys ending in `_by`, `_on`, `_to`, `_of`, `_from` (or `-by` …), but only for values that look like
 *    an artifact id or a path, so that `reviewed_by: Alice` or `decided_on: 2021-03-01` are not.
 * The last two are surfaced with the key as written so that verify drops and reports them.
 */
import type { LineCounter, Node } from 'yaml';
import { type Coverage, TYPED_RELATIONS } from '../model/index.js';
import { isMap, isScalar, isSeq } from '../model/yaml.js';
import { parseArtifactId } from './artifact-ids.js';
import type { ArtifactLink } from './artifact-types.js';
import { parseFrontMatterYaml } from './markdown-front-matter.js';
import { pathLike } from './markdown-mentions.js';
import { excerptOf } from './markdown-source.js';
import type { DocFrontMatter } from './markdown-types.js';

const RELATION_LIKE = new Set(
  (
    'superseded_by superceded_by supercedes amends amended_by clarifies clarified_by extends ' +
    'extended_by replaces replaced_by depends_on relates_to related related_to see_also implements ' +
    'implemented_by obsoletes requires blocks blocked_by parent'
  ).split(' '),
);
const TYPED: ReadonlySet<string> = new Set(TYPED_RELATIONS);

export interface FrontMatterYaml {
  yaml: string;
  lines: LineCounter;
  /** Document line of the YAML's first line. */
  firstLine: number;
  /** Top-level entries: key as written and the value node. */
  entries: { key: string; value: Node | null }[];
}

/** Re-reads the front matter with ranges; undefined when it did not parse (already in coverage). */
export function readFrontMatterYaml(text: string, frontMatter: DocFrontMatter): FrontMatterYaml | undefined {
  const all = text.split(/\r\n|\n|\r/);
  const yaml = all.slice(frontMatter.line, frontMatter.endLine - 1).join('\n');
  const { document, lines } = parseFrontMatterYaml(yaml);
  if (document.errors.length > 0 || !isMap(document.contents)) return undefined;
  const entries: FrontMatterYaml['entries'] = [];
  for (const pair of document.contents.items) {
    if (isScalar(pair.key) && typeof pair.key.value === 'string') {
      entries.push({ key: pair.key.value, value: (pair.value as Node | null) ?? null });
    }
  }
  return { yaml, lines, firstLine: frontMatter.line + 1, entries };
}

export function frontMatterLinks(
  path: string,
  fm: FrontMatterYaml,
): { links: ArtifactLink[]; coverage: Coverage[] } {
  const links: ArtifactLink[] = [];
  const coverage: Coverage[] = [];
  for (const { key, value } of fm.entries) {
    const relation = relationOf(key);
    if (!relation || value === null) continue;
    const items = isSeq(value) ? (value.items as Node[]) : [value];
    for (const item of items) {
      const place = placeOf(fm, item);
      if (isScalar(item) && typeof item.value === 'string') {
        const written = item.value.trim();
        if (relation.always || looksLikeReference(written)) {
          links.push({ relation: relation.name, value: written, ...place, source: 'front-matter' });
        }
        continue;
      }
      if (!relation.always) continue;
      const reason = `Front-matter key ${key} holds a value that is not an artifact id or path (a string), so it was not read as a link.`;
      coverage.push({
        analyzer: 'artifact',
        scope: `${path}:${place.line}`,
        status: 'partial',
        reason,
        detail: key,
      });
    }
  }
  return { links, coverage };
}

/** `name` is the relation to record; `always` says every string value is a declared link. */
function relationOf(key: string): { name: string; always: boolean } | undefined {
  const normal = key
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .toLowerCase()
    .replace(/[-\s]+/g, '_');
  if (TYPED.has(normal)) return { name: normal, always: true };
  if (RELATION_LIKE.has(normal)) return { name: key, always: true };
  if (/_(by|on|to|of|from)$/.test(normal)) return { name: key, always: false };
  return undefined;
}

function looksLikeReference(value: string): boolean {
  return parseArtifactId(value) !== undefined || value.includes('*') || pathLike(value) !== undefined;
}

/** Line and column of a value node in the document, and the literal written there. */
export function placeOf(fm: FrontMatterYaml, node: Node) {
  const [start, end] = node.range ?? [0, 0];
  const pos = fm.lines.linePos(start);
  const line = fm.firstLine + pos.line - 1;
  const written = fm.yaml.slice(start, end);
  const value = isScalar(node) && typeof node.value === 'string' ? node.value.trim() : written;
  // A plain or simply quoted value appears verbatim; an escaped one is cited as written.
  const inner = value.length > 0 ? written.indexOf(value) : -1;
  const literal = inner >= 0 ? value : written.split('\n')[0]!;
  const lineText = fm.yaml.split('\n')[pos.line - 1] ?? '';
  return { line, column: pos.col + Math.max(inner, 0), excerpt: excerptOf(lineText), literal };
}
