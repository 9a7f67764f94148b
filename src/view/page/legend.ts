/// <reference lib="dom" />
/** The legend: what the colours mean, what sizes mean, and the named flows to light up. */
import type { ViewData } from '../data.js';
import { CHANGE_COLORS, EDGE_COLORS, KIND_COLORS } from './colors.js';
import { append, el } from './dom.js';

/** Cycles listed as buttons; the Cycle button steps through every one. */
const CYCLES_LISTED = 8;

export function renderLegend(
  box: HTMLElement,
  data: ViewData,
  dark: boolean,
  onFlow: (name: string) => void,
  onCycle: (index: number) => void,
): void {
  const edges = EDGE_COLORS[dark ? 'dark' : 'light'];
  const kinds = new Map<string, number>();
  for (const n of data.nodes) kinds.set(n.kind, (kinds.get(n.kind) ?? 0) + 1);
  const dot = (color: string, cls = 'dot') => {
    const d = el('span', { class: cls });
    d.style.background = color;
    return d;
  };
  const row = (swatch: HTMLElement, text: string) => el('div', { class: 'row' }, swatch, text);
  box.append(
    el('h3', {}, 'Nodes'),
    ...[...kinds.entries()].sort().map(([k, c]) => row(dot(KIND_COLORS[k] ?? '#999'), `${k} (${c})`)),
    el('div', { class: 'row path' }, `size: ${data.sizeBy}`),
    el('h3', {}, 'Edges'),
    row(dot(edges['typed-link'], 'bar'), 'typed link (declared)'),
    row(dot(edges.high, 'bar'), 'code dependency'),
    row(dot(edges.low, 'bar'), 'low trust (prose mention)'),
  );
  if (data.increment) {
    const i = data.increment;
    append(
      box,
      el('h3', {}, `Since version ${i.version - 1}`),
      row(dot(CHANGE_COLORS.added), `added (${i.added})`),
      row(dot(CHANGE_COLORS.stale), `changed (${i.stale})`),
      i.removed > 0 ? el('div', { class: 'row' }, `removed: ${i.removed}`) : null,
    );
  }
  if (data.overview)
    box.append(
      el('h3', {}, 'Packages'),
      el(
        'div',
        { class: 'row path' },
        'a large map opens on its zones: size = files, lines = imports counted; click one to open it',
      ),
    );
  const runtime = data.cycles.filter((c) => c.kind === 'runtime').length;
  const typeOnly = data.cycles.length - runtime;
  append(
    box,
    el('h3', {}, 'Import cycles (as proofmap check)'),
    el('div', { class: 'row' }, `${runtime} runtime · ${typeOnly} type-only`),
    ...data.cycles
      .slice(0, CYCLES_LISTED)
      .map((c, i) =>
        el(
          'div',
          {},
          el(
            'button',
            { onClick: () => onCycle(i), title: `${c.nodes.length} files, component of ${c.component}` },
            `${c.kind} · ${c.nodes.length} files`,
          ),
        ),
      ),
    data.cycles.length > CYCLES_LISTED
      ? el(
          'div',
          { class: 'row path' },
          `… and ${data.cycles.length - CYCLES_LISTED} more (Cycle steps through all)`,
        )
      : null,
  );
  if (data.flows.length > 0) {
    box.append(
      el('h3', {}, `Flows (${data.flows.length})`),
      ...data.flows.map((f) =>
        el(
          'div',
          {},
          el('button', { onClick: () => onFlow(f.name), title: `${f.node_ids.length} nodes` }, f.name),
        ),
      ),
    );
  }
}
