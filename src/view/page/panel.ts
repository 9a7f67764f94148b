/// <reference lib="dom" />
/**
 * The node panel: where a node is, what it depends on and what depends on it, each edge with its
 * evidence as file:line, the documents that cover it and what the scan could not analyse there.
 * Every string is set as text (dom.el), so a hostile file name shows as the name it is.
 */
import type { ViewEdge, ViewEvidence } from '../data.js';
import { KIND_COLORS } from './colors.js';
import { append, type Child, el } from './dom.js';
import type { MapIndex } from './index.js';

/** Longer lists are cut with a count of what was left off, so the panel opens fast on hubs. */
const LIST_MAX = 150;
const DOC_KINDS = new Set(['document', 'artifact']);

export function renderPanel(
  panel: HTMLElement,
  idx: MapIndex,
  id: string,
  select: (id: string) => void,
): void {
  const n = idx.node.get(id);
  panel.replaceChildren();
  if (!n) return;
  panel.hidden = false;
  const close = el('button', { class: 'close', title: 'close', onClick: () => select('') }, '×');
  const kind = el('span', { class: 'chip' }, n.kind);
  kind.style.background = KIND_COLORS[n.kind] ?? '';
  kind.style.color = '#fff';
  const outgoing = idx.out.get(id) ?? [];
  const incoming = idx.in.get(id) ?? [];
  const docs = incoming.filter((e) => DOC_KINDS.has(idx.node.get(e.from)?.kind ?? ''));
  const notes = n.path
    ? idx.data.coverage.filter((c) => c.scope === n.path || c.scope.startsWith(`${n.path}:`))
    : [];
  append(
    panel,
    close,
    el('h2', {}, n.label),
    el(
      'div',
      {},
      kind,
      n.change ? el('span', { class: 'chip' }, n.change) : null,
      n.external ? el('span', { class: 'chip' }, 'external') : null,
    ),
    n.path ? el('div', { class: 'path' }, n.path) : null,
    el(
      'div',
      { class: 'path' },
      `zone ${idx.zoneLabel.get(n.zone) ?? n.zone} · fan-in ${incoming.length} · fan-out ${outgoing.length}`,
    ),
    n.exports.length > 0
      ? section(
          `Exports (${n.exports.length})`,
          capped(n.exports, (x) => el('li', {}, x)),
        )
      : null,
    section(
      `Dependencies (${outgoing.length})`,
      capped(outgoing, (e) => edgeItem(idx, e, e.to, select)),
    ),
    section(
      `Dependents (${incoming.length})`,
      capped(incoming, (e) => edgeItem(idx, e, e.from, select)),
    ),
    section(
      `Covering docs (${docs.length})`,
      capped(docs, (e) => edgeItem(idx, e, e.from, select)),
    ),
    section(
      `Coverage notes (${notes.length})`,
      capped(notes, (c) => el('li', {}, el('span', { class: 'rel' }, c.status), `${c.scope} — ${c.reason}`)),
    ),
  );
}

function section(title: string, items: Child[]): HTMLElement {
  return el('section', {}, el('h3', {}, title), el('ul', {}, ...items));
}

function capped<T>(list: T[], item: (x: T) => Child): Child[] {
  const shown = list.slice(0, LIST_MAX).map(item);
  if (list.length > LIST_MAX) shown.push(el('li', { class: 'path' }, `… and ${list.length - LIST_MAX} more`));
  return shown;
}

function edgeItem(idx: MapIndex, e: ViewEdge, other: string, select: (id: string) => void): HTMLElement {
  const target = idx.node.get(other);
  return el(
    'li',
    {},
    el('span', { class: 'rel', title: `${e.namespace}, trust ${e.trust}` }, e.relation),
    el('span', { class: 'link', onClick: () => select(other) }, target?.path ?? target?.label ?? other),
    ...e.evidence.map(evidenceLine),
  );
}

const evidenceLine = (ev: ViewEvidence) =>
  el(
    'span',
    { class: 'ev' },
    el('span', { class: 'loc' }, ev.line ? `${ev.path}:${ev.line}` : ev.path),
    ev.excerpt ? ` ${ev.excerpt}` : null,
  );
