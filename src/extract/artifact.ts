/**
 * extractArtifact: a document with an artifact id (front matter `id: ADR-016`, or a decision-record
 * file name) and the links it declares, from its front matter and from its body. Pure; the body is
 * parsed again here because DocFacts (cached per document) deliberately holds no tree.
 */
import type { Root } from 'mdast';
import { bodyLinks } from './artifact-body.js';
import { frontMatterLinks, readFrontMatterYaml } from './artifact-front-matter.js';
import {
  artifactIdFromPath,
  parseArtifactId,
  type RecordContext,
  recordFolderPrefix,
} from './artifact-ids.js';
import { fieldLine, statusFromBody, statusLinks, statusWord } from './artifact-status.js';
import type { ArtifactFacts } from './artifact-types.js';
import { fullParseRefusal } from './markdown-limits.js';
import { parseMarkdown } from './markdown-parse.js';
import { sourceText } from './markdown-source.js';
import type { DocFacts } from './markdown-types.js';

export {
  artifactIdFromPath,
  artifactKey,
  isDecisionRecordPath,
  parseArtifactId,
  type RecordContext,
} from './artifact-ids.js';
export type * from './artifact-types.js';

export function extractArtifact(
  path: string,
  text: string,
  doc: DocFacts,
  context: RecordContext = {},
): ArtifactFacts | undefined {
  const data = doc.frontMatter?.data ?? {};
  const declared = typeof data.id === 'string' ? parseArtifactId(data.id) : undefined;
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const artifactId = declared ?? artifactIdFromPath(path, context) ?? recordByContent(path, body, doc);
  if (!artifactId) return undefined;
  const facts: ArtifactFacts = { artifactId, links: [], coverage: [] };
  const title =
    typeof data.title === 'string' && data.title.trim() ? data.title.trim() : doc.headings[0]?.text.trim();
  if (title) facts.title = title;

  const checks = checksOf(data.checks);
  if (checks.length > 0) facts.checks = checks;
  const fm = doc.frontMatter && readFrontMatterYaml(body, doc.frontMatter);
  if (fm) {
    const fromKeys = frontMatterLinks(path, fm);
    const fromStatus = statusLinks(path, artifactId, fm);
    facts.links.push(...fromKeys.links, ...fromStatus.links);
    facts.coverage.push(...fromKeys.coverage, ...fromStatus.coverage);
  }
  let root: Root | undefined;
  const refusal = fullParseRefusal(body);
  if (refusal) {
    const reason = `The body was not parsed for declared links: ${refusal}.`;
    facts.coverage.push({ analyzer: 'artifact', scope: path, status: 'too-complex', reason });
  } else {
    try {
      root = parseMarkdown(body);
    } catch {
      // extractDoc already recorded the parser failure as coverage for this document.
    }
  }
  if (root) {
    const inBody = bodyLinks(path, artifactId, root, sourceText(body));
    facts.links.push(...inBody.links);
    facts.coverage.push(...inBody.coverage);
  }
  const status = typeof data.status === 'string' ? statusWord(data.status) : root && statusFromBody(root);
  if (status) facts.status = status;
  const deciders = decidersOf(
    data['decision-makers'] ?? data.deciders ?? (root && fieldLine(root, 'deciders')),
  );
  if (deciders.length > 0) facts.deciders = deciders;
  facts.links.sort((a, b) => a.line - b.line || a.column - b.column);
  return facts;
}

/** `checks: npm run test:store` or a list of such strings; anything else is not a command. */
function checksOf(value: unknown): string[] {
  const list = Array.isArray(value) ? value : [value];
  return list.filter((v): v is string => typeof v === 'string' && v.trim() !== '').map((v) => v.trim());
}

/** MADR `deciders:` / `decision-makers:` (a list or one comma-separated string), as people. */
function decidersOf(value: unknown): string[] {
  const list = Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : [];
  return list.filter((v): v is string => typeof v === 'string' && v.trim() !== '').map((v) => v.trim());
}

// The sections a decision record is made of, whatever template wrote it (Nygard, MADR, log4brains).
const RECORD_HEADINGS =
  /^(?:context|context and problem statement|decision|decision outcome|considered options)$/i;

/**
 * An unnumbered, undated file in a decision folder (`docs/decisions/use-postgres.md`) is a record
 * when its content says so: a status (front matter, a `Status:` line or section) and one of the
 * sections records have. Its id is its slug, as for date-named records.
 */
function recordByContent(path: string, body: string, doc: DocFacts): string | undefined {
  const segments = path.split('/');
  const file = segments.pop()!;
  if (!recordFolderPrefix(segments) || !/\.(?:md|mdx|markdown)$/i.test(file)) return undefined;
  if (!doc.headings.some((h) => RECORD_HEADINGS.test(h.text.trim().replace(/:$/, '')))) return undefined;
  const hasStatus =
    typeof doc.frontMatter?.data.status === 'string' ||
    /^(?:[-*+]\s+)?status\s*:/im.test(body) ||
    doc.headings.some((h) => /^status:?$/i.test(h.text.trim()));
  if (!hasStatus) return undefined;
  const base = file.slice(0, file.lastIndexOf('.'));
  return /^(?:[\w]*[-_])?template\b|^(?:readme|index)$/i.test(base) ? undefined : base;
}
