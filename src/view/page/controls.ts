/// <reference lib="dom" />
/** The header: title, search box, the three filters and the highlight buttons. */
import type { ViewData } from '../data.js';
import { append, el } from './dom.js';

export interface Controls {
  search: HTMLInputElement;
  results: HTMLUListElement;
  zone: HTMLSelectElement;
  kind: HTMLSelectElement;
  relation: HTMLSelectElement;
  focus: HTMLButtonElement;
  cycle: HTMLButtonElement;
  changes: HTMLButtonElement | null;
  /** Back to the package graph: every zone closed. Only on maps with more than one zone. */
  packages: HTMLButtonElement | null;
  areas: HTMLButtonElement | null;
  reset: HTMLButtonElement;
}

export function renderHeader(header: HTMLElement, data: ViewData, zoneLabels: Map<string, string>): Controls {
  const search = el('input');
  search.id = 'search';
  search.type = 'search';
  search.placeholder = 'Search a file or symbol…';
  search.autocomplete = 'off';
  const results = el('ul', { class: 'box' });
  results.id = 'results';
  const zone = select(
    'all zones',
    [...zoneLabels.entries()].sort((a, b) => a[1].localeCompare(b[1])),
  );
  const kind = select(
    'all kinds',
    distinct(data.nodes.map((n) => n.kind)).map((k) => [k, k]),
  );
  const relation = select(
    'all relations',
    distinct(data.edges.map((e) => e.relation)).map((r) => [r, r]),
  );
  const focus = el('button', { title: 'the selected file and its direct dependents, by package' }, 'Focus');
  const cycle = el(
    'button',
    { title: 'the import cycles proofmap check finds (through the selected file, or the next one)' },
    'Cycle',
  );
  const packages =
    data.zones.length > 1
      ? el('button', { title: 'close every zone: one node per package' }, 'Packages')
      : null;
  const changes = data.increment
    ? el('button', { title: 'what changed since the last version' }, 'Changes')
    : null;
  const areas = data.areas?.length
    ? el('button', { title: 'outline the areas the import graph suggests (proofmap areas)' }, 'Areas')
    : null;
  const reset = el('button', { title: 'clear selection, filters and highlight' }, 'Reset');
  const title = el(
    'div',
    { class: 'box' },
    'proofmap',
    el(
      'small',
      {},
      `${data.nodes.length} nodes · ${data.edges.length} edges · ${data.zones.length} zones · v${data.meta.version} ${data.meta.status}`,
    ),
  );
  title.id = 'title';
  append(
    header,
    title,
    el('div', {}, search, results),
    zone,
    kind,
    relation,
    focus,
    cycle,
    changes,
    packages,
    areas,
    reset,
  );
  header.children[1]!.id = 'search-wrap';
  return { search, results, zone, kind, relation, focus, cycle, changes, packages, areas, reset };
}

function select(all: string, options: [string, string][]): HTMLSelectElement {
  const s = el('select');
  const first = el('option', {}, all);
  first.value = '';
  s.append(first);
  for (const [value, label] of options) {
    const o = el('option', {}, label);
    o.value = value;
    s.append(o);
  }
  return s;
}

const distinct = (xs: string[]) => [...new Set(xs)].sort();
