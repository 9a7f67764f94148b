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
import { type Counts, zoneNodeId } from './projection.js';

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
    section(`Dependents (${incoming.length}) by package`, dependentsGrouped(idx, incoming, select)),
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

/** Dependents under one heading per package, largest first, so a hub's users read as a list of packages. */
function dependentsGrouped(idx: MapIndex, incoming: ViewEdge[], select: (id: string) => void): Child[] {
  const groups = new Map<string, ViewEdge[]>();
  for (const e of incoming) {
    const zone = idx.node.get(e.from)?.zone ?? '';
    const list = groups.get(zone) ?? [];
    list.push(e);
    groups.set(zone, list);
  }
  const items: Child[] = [];
  let shown = 0;
  const order = [...groups.entries()].sort(
    (a, b) => b[1].length - a[1].length || zoneName(idx, a[0]).localeCompare(zoneName(idx, b[0])),
  );
  for (const [zone, edges] of order) {
    items.push(
      el(
        'li',
        { class: 'group' },
        el('span', { class: 'link', onClick: () => select(zoneNodeId(zone)) }, zoneName(idx, zone)),
        ` · ${edges.length}`,
      ),
    );
    for (const e of edges) {
      if (shown++ >= LIST_MAX) break;
      items.push(edgeItem(idx, e, e.from, select));
    }
  }
  if (incoming.length > LIST_MAX)
    items.push(el('li', { class: 'path' }, `… and ${incoming.length - LIST_MAX} more`));
  return items;
}

const zoneName = (idx: MapIndex, zone: string) => idx.zoneLabel.get(zone) ?? zone;

/** A zone's panel: its size and the zones it imports from and is imported by, with counts. */
export function renderZonePanel(
  panel: HTMLElement,
  idx: MapIndex,
  zone: string,
  links: Map<string, Map<string, Counts>>,
  actions: { select: (id: string) => void; open: boolean; expand: () => void; collapse: () => void },
): void {
  const z = idx.zone.get(zone);
  panel.replaceChildren();
  if (!z) return;
  panel.hidden = false;
  const out = [...(links.get(zone) ?? new Map<string, Counts>()).entries()];
  const inc: [string, Counts][] = [];
  for (const [from, row] of links) {
    const c = row.get(zone);
    if (c) inc.push([from, c]);
  }
  const rows = (list: [string, Counts][]) =>
    list
      .sort((a, b) => b[1].total - a[1].total || zoneName(idx, a[0]).localeCompare(zoneName(idx, b[0])))
      .slice(0, LIST_MAX)
      .map(([other, c]) =>
        el(
          'li',
          {},
          el(
            'span',
            { class: 'link', onClick: () => actions.select(zoneNodeId(other)) },
            zoneName(idx, other),
          ),
          ` — ${c.imports} imports${c.types ? `, ${c.types} type-only` : ''}${c.total > c.imports + c.types ? `, ${c.total - c.imports - c.types} other` : ''}`,
        ),
      );
  append(
    panel,
    el('button', { class: 'close', title: 'close', onClick: () => actions.select('') }, '×'),
    el('h2', {}, z.label),
    el(
      'div',
      {},
      el('span', { class: 'chip' }, z.kind),
      el('span', { class: 'chip' }, `${z.files} files`),
      el('span', { class: 'chip' }, `${z.count} nodes`),
    ),
    el(
      'div',
      {},
      actions.open
        ? el('button', { onClick: actions.collapse }, 'Close this zone')
        : el('button', { onClick: actions.expand }, 'Open file by file'),
    ),
    section(`Imports from (${out.length} zones)`, rows(out)),
    section(`Imported by (${inc.length} zones)`, rows(inc)),
  );
}
