/**
 * In-body declarations → ArtifactLinks with their place: the link destination or the id as
 * written. Link destinations resolve against the record's folder, as Markdown links do.
 */
import type { Nodes, Root } from 'mdast';
import type { Coverage } from '../model/index.js';
import { parseArtifactId } from './artifact-ids.js';
import { type Declaration, type DeclaredTarget, declarations } from './artifact-phrases.js';
import type { ArtifactLink } from './artifact-types.js';
import { resolveLinkTarget } from './markdown-link-target.js';
import { isExternalUrl } from './markdown-links.js';
import { visit } from './markdown-parse.js';
import type { SourceText } from './markdown-source.js';

export interface DeclaredLinks {
  links: ArtifactLink[];
  coverage: Coverage[];
}

export function bodyLinks(path: string, selfId: string, root: Root, source: SourceText): DeclaredLinks {
  const out: DeclaredLinks = { links: [], coverage: [] };
  const definitions = new Map<string, string>();
  visit(root, (node) => {
    if (node.type === 'definition') definitions.set(node.identifier, node.url);
    return true;
  });
  const cursors = new Map<Nodes, number>();
  visit(root, (node) => {
    if (node.type !== 'paragraph') return true;
    for (const declaration of declarations(node, definitions)) {
      for (const target of declaration.targets) {
        const at = locateTarget(target, source.text, cursors);
        const place = { ...source.placeAt(at.offset), literal: at.literal, source: 'body' as const };
        const value = targetValue(path, target);
        if (typeof value === 'string') out.links.push(toLink(declaration, value, selfId, place));
        else out.coverage.push({ ...value, scope: `${path}:${place.line}` });
      }
    }
    return false;
  });
  return out;
}

type Place = Pick<ArtifactLink, 'line' | 'column' | 'excerpt' | 'literal' | 'source'>;

/** Orients a declaration: an inverse phrase ("Superseded by X") makes X the source. */
export function toLink(declaration: Declaration, value: string, selfId: string, place: Place): ArtifactLink {
  const { relation, inverse } = declaration;
  return inverse ? { relation, value: selfId, from: value, ...place } : { relation, value, ...place };
}

/**
 * The repo path a declared link resolves to, else the artifact id its text names
 * (`[ADR-9](https://wiki/adr-9)`), else a coverage record saying why it was not read.
 */
export function targetValue(path: string, target: DeclaredTarget): string | Omit<Coverage, 'scope'> {
  if (target.kind === 'id') return parseArtifactId(target.id) ?? target.id;
  const resolved = isExternalUrl(target.url) ? undefined : resolveLinkTarget(path, target.url);
  if (resolved?.kind === 'path' && resolved.target !== '') return resolved.target;
  const id = parseArtifactId(target.label);
  if (id) return id;
  const reason = 'A declared link names neither a repository file nor an artifact id, so it was not read.';
  return { analyzer: 'artifact', status: 'skipped', reason, detail: target.url };
}

/** Where a grep finds the target: a link's destination (after its text), or the id token. */
function locateTarget(target: DeclaredTarget, text: string, cursors: Map<Nodes, number>) {
  const start = target.node.position?.start.offset ?? 0;
  const end = target.node.position?.end.offset ?? text.length;
  if (target.kind === 'id') {
    const from = cursors.get(target.node) ?? start;
    const at = text.indexOf(target.id, from);
    if (at < 0 || at >= end) return { offset: start, literal: target.id };
    cursors.set(target.node, at + target.id.length);
    return { offset: at, literal: target.id };
  }
  const children = 'children' in target.node ? target.node.children : [];
  const after = children[children.length - 1]?.position?.end.offset ?? start;
  const at = text.indexOf(target.url, after);
  if (target.url.length > 0 && at >= 0 && at + target.url.length <= end)
    return { offset: at, literal: target.url };
  const own = text.slice(start, end);
  return { offset: start, literal: own.split(/\r\n|\n|\r/)[0]! };
}
