/**
 * In-body link declarations: a line of a paragraph that starts with a relation phrase and goes on
 * with links or artifact ids, as adr-tools writes them in `## Status` ("Superseded by [2. Use X]
 * (0002-use-x.md)") and as people write them at the top of a record ("Supersedes ADR-3").
 * Only line starts count, so prose such as "this supports [ADR-2]'s goal" declares nothing.
 */
import type { Nodes, Paragraph } from 'mdast';
import { ARTIFACT_PREFIXES } from './artifact-ids.js';
import { plainText } from './markdown-parse.js';

/**
 * phrase → [relation, inverse]. `inverse` means the named record is the source: "Superseded by X"
 * is X supersedes this. Mappings outside the 11 are kept as written for verify to report.
 */
const PHRASES: ReadonlyMap<string, readonly [string, boolean]> = new Map([
  ['supersedes', ['supersedes', false]],
  ['supercedes', ['supersedes', false]], // the misspelling adr-tools used for years
  ['superseded by', ['supersedes', true]],
  ['superceded by', ['supersedes', true]],
  ['amends', ['refines', false]], // an amendment refines the decision it amends (adr-tools -l "Amends")
  ['amended by', ['refines', true]],
  ['refines', ['refines', false]],
  ['refined by', ['refines', true]],
  ['contradicts', ['contradicts', false]],
  ['contradicted by', ['contradicts', true]],
  ['informs', ['informs', false]],
  ['informed by', ['informs', true]],
  ['based on', ['based_on', false]],
  ['supports', ['supports', false]],
  ['supported by', ['supports', true]],
  ['demonstrates', ['demonstrates', false]],
  ['demonstrated by', ['demonstrates', true]],
  ['covers', ['covers', false]],
  ['covered by', ['covers', true]],
  ['triangulates', ['triangulates', false]],
  ['references', ['references', false]],
  ['referenced by', ['references', true]],
  ['belongs to', ['belongs_to', false]],
  // Relation-like but not one of the 11 (adr-tools -l "Clarifies:Clarified by" and the like).
  ['clarifies', ['clarifies', false]],
  ['clarified by', ['clarified_by', false]],
  ['replaces', ['replaces', false]],
  ['replaced by', ['replaced_by', false]],
  ['depends on', ['depends_on', false]],
  ['relates to', ['relates_to', false]],
]);

const PHRASE_ALTERNATIVES = [...PHRASES.keys()].sort((a, b) => b.length - a.length).join('|');
const LINE_START = new RegExp(`^(?:status\\s*:\\s*)?(${PHRASE_ALTERNATIVES})\\b\\s*:?\\s*`, 'i');
// An id, or a log4brains slug (`20200926-use-x`): what "Supersedes …" may name without a link.
const ID = `(?:(?:${ARTIFACT_PREFIXES.join('|')})-\\d+\\b|(?:\\d{8}|\\d{4}-\\d{2}-\\d{2})-[A-Za-z0-9][\\w-]*)`;
const ID_TOKEN = new RegExp(`\\b${ID}`, 'gi');
const ID_FIRST = new RegExp(`^${ID}`, 'i');

export type DeclaredTarget =
  | { kind: 'link'; url: string; label: string; node: Nodes }
  | { kind: 'id'; id: string; node: Nodes };

export interface Declaration {
  relation: string;
  inverse: boolean;
  targets: DeclaredTarget[];
}

type Item = { kind: 'text'; value: string; node: Nodes } | { kind: 'break' } | DeclaredTarget;

/** Declarations of one paragraph; `definitions` maps reference identifiers to their urls. */
export function declarations(paragraph: Paragraph, definitions: ReadonlyMap<string, string>): Declaration[] {
  const out: Declaration[] = [];
  for (const line of lines(paragraph, definitions)) {
    const firstLink = line.findIndex((item) => item.kind === 'link');
    const prefixItems = firstLink < 0 ? line : line.slice(0, firstLink);
    const prefix = prefixItems
      .map((item) => (item.kind === 'text' ? item.value : ''))
      .join('')
      .trimStart()
      .replace(/\s+/g, ' ');
    const match = LINE_START.exec(prefix);
    if (!match) continue;
    const [relation, inverse] = PHRASES.get(match[1]!.toLowerCase())!;
    const rest = prefix.slice(match[0].length);
    let targets: DeclaredTarget[];
    if (firstLink >= 0) {
      // "Superseded by [ADR-9](…)": only filler may stand between the phrase and the link.
      if (rest.trim().length > 0) continue;
      targets = line.filter((item): item is DeclaredTarget & { kind: 'link' } => item.kind === 'link');
    } else {
      // "Superseded by ADR-9": the ids must follow the phrase directly.
      if (!ID_FIRST.test(rest)) continue;
      targets = idTargets(prefixItems);
    }
    if (targets.length > 0) out.push({ relation, inverse, targets });
  }
  return out;
}

function idTargets(items: Item[]): DeclaredTarget[] {
  const out: DeclaredTarget[] = [];
  for (const item of items) {
    if (item.kind !== 'text') continue;
    for (const match of item.value.matchAll(ID_TOKEN))
      out.push({ kind: 'id', id: match[0], node: item.node });
  }
  return out;
}

/** The paragraph's inline content as lines of text runs and links; emphasis is see-through. */
function lines(paragraph: Paragraph, definitions: ReadonlyMap<string, string>): Item[][] {
  const items: Item[] = [];
  const add = (node: Nodes): void => {
    if (node.type === 'text' || node.type === 'inlineCode') {
      node.value.split(/\r\n|\n|\r/).forEach((part, i) => {
        if (i > 0) items.push({ kind: 'break' });
        items.push({ kind: 'text', value: part, node });
      });
    } else if (node.type === 'break') items.push({ kind: 'break' });
    else if (node.type === 'link') items.push({ kind: 'link', url: node.url, label: plainText(node), node });
    else if (node.type === 'linkReference') {
      const url = definitions.get(node.identifier);
      if (url !== undefined) items.push({ kind: 'link', url, label: plainText(node), node });
    } else if (node.type === 'strong' || node.type === 'emphasis' || node.type === 'delete') {
      for (const child of node.children) add(child);
    }
  };
  for (const child of paragraph.children) add(child);
  const out: Item[][] = [[]];
  for (const item of items) {
    if (item.kind === 'break') out.push([]);
    else out[out.length - 1]!.push(item);
  }
  return out;
}
