/// <reference lib="dom" />
/**
 * Search by file name, path or exported symbol. A plain substring match over a lower-cased
 * index built once; ranked so an exact name beats a prefix beats a path or symbol hit.
 */
import { el } from './dom.js';
import type { MapIndex } from './index.js';

const RESULTS_MAX = 20;

export interface Hit {
  id: string;
  /** What matched when it was not the label: the path or the symbol. */
  via?: string;
}

export function searcher(idx: MapIndex) {
  const rows = idx.data.nodes.map((n) => ({
    id: n.id,
    label: n.label.toLowerCase(),
    path: (n.path ?? '').toLowerCase(),
    exports: n.exports.map((x) => [x.toLowerCase(), x] as const),
  }));
  return function find(query: string): Hit[] {
    const q = query.trim().toLowerCase();
    if (!q) return [];
    const scored: { hit: Hit; score: number }[] = [];
    for (const r of rows) {
      let score = -1;
      let via: string | undefined;
      if (r.label === q) score = 0;
      else if (r.label.startsWith(q)) score = 1;
      else if (r.label.includes(q)) score = 2;
      else if (r.path.includes(q)) score = 3;
      const exact = r.exports.find(([lower]) => lower === q);
      if (exact && (score < 0 || score > 1)) {
        score = 1;
        via = `export ${exact[1]}`;
      } else if (score < 0) {
        const part = r.exports.find(([lower]) => lower.includes(q));
        if (part) {
          score = 4;
          via = `export ${part[1]}`;
        }
      }
      if (score >= 0) scored.push({ hit: via ? { id: r.id, via } : { id: r.id }, score });
    }
    scored.sort((a, b) => a.score - b.score || (a.hit.id < b.hit.id ? -1 : 1));
    return scored.slice(0, RESULTS_MAX).map((s) => s.hit);
  };
}

export function wireSearch(
  input: HTMLInputElement,
  list: HTMLElement,
  idx: MapIndex,
  find: (q: string) => Hit[],
  select: (id: string) => void,
): void {
  let hits: Hit[] = [];
  const pick = (id: string) => {
    list.replaceChildren();
    select(id);
  };
  input.addEventListener('input', () => {
    hits = find(input.value);
    list.replaceChildren(
      ...hits.map((h, i) => {
        const n = idx.node.get(h.id)!;
        const li = el('li', { class: i === 0 ? 'active' : '', onClick: () => pick(h.id) }, n.label);
        li.dataset.id = h.id;
        li.append(el('span', { class: 'sub' }, h.via ?? n.path ?? n.kind));
        return li;
      }),
    );
  });
  input.addEventListener('keydown', (ev) => {
    if (ev.key === 'Enter' && hits[0]) pick(hits[0].id);
    if (ev.key === 'Escape') list.replaceChildren();
  });
}
