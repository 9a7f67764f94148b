/// <reference lib="dom" />
/**
 * The page: reads the embedded map, draws it with sigma (WebGL) at the positions computed in
 * Node, and wires search, panel, filters and highlights. A large map opens on its package graph
 * (one node per zone, imports counted between them); a click opens a zone file by file. No layout
 * runs in the browser, so the first frame is the final picture.
 */
import { MultiDirectedGraph } from 'graphology';
import Sigma from 'sigma';
import { type PackedView, unpackView } from '../pack.js';
import { isDark } from './colors.js';
import { renderHeader } from './controls.js';
import { byId, el } from './dom.js';
import { syncGraph } from './graph-sync.js';
import { hoverDrawer } from './hover.js';
import { indexData } from './index.js';
import { renderLegend } from './legend.js';
import { renderPanel, renderZonePanel } from './panel.js';
import { dependentsByZone, isZoneNode, project, zoneLinks, zoneNodeId } from './projection.js';
import { searcher, wireSearch } from './search.js';
import { apply, type Highlight, reducers, type ViewState } from './state.js';
import { zonesLayer } from './zones-layer.js';

// Loops, not Math.min(...xs): spreading 9,000 arguments is near the engine's argument limit.
function minOf(xs: number[]): number {
  let m = Number.POSITIVE_INFINITY;
  for (const x of xs) if (x < m) m = x;
  return m;
}
function maxOf(xs: number[]): number {
  let m = Number.NEGATIVE_INFINITY;
  for (const x of xs) if (x > m) m = x;
  return m;
}

/** A highlight of at most this many files shows them as files even inside closed zones. */
const PIN_MAX = 400;

// Must match DATA_ELEMENT_ID in ../render.ts (not imported: that module pulls in node:crypto).
const scriptStartMs = performance.now();
const data = unpackView(JSON.parse(byId('proofmap-data').textContent ?? '{}') as PackedView);
const parsedMs = performance.now();
const idx = indexData(data);
const dark = isDark();

let graph = new MultiDirectedGraph({ allowSelfLoops: true });
const state: ViewState = {
  filters: { zone: '', kind: '', relation: '' },
  expanded: new Set(data.overview ? [] : data.zones.map((z) => z.id)),
  pinned: new Set(),
};
syncGraph(graph, idx, project(idx, state.expanded, state.pinned), dark);

const graphBuiltMs = performance.now();
const header = el('header');
const panel = el('aside', { class: 'box' });
panel.id = 'panel';
panel.hidden = true;
const legend = el('div', { class: 'box' });
legend.id = 'legend';
const status = el('div', { class: 'box' });
status.id = 'status';
document.body.append(header, panel, legend, status);
document.title = `proofmap — ${data.nodes.length} nodes`;

const sigma = new Sigma(graph, byId('graph'), {
  ...reducers(idx, state, dark),
  defaultDrawNodeHover: hoverDrawer(dark),
  labelColor: { color: dark ? '#dfe3ea' : '#20252c' },
  labelFont: 'system-ui, sans-serif',
  labelSize: 12,
  labelRenderedSizeThreshold: 8,
  zIndex: true,
  // Drawing tens of thousands of edges every frame of a drag is what makes panning stutter;
  // sigma hides them while the camera moves and redraws them when it stops.
  hideEdgesOnMove: data.edges.length > 20_000,
  stagePadding: 60,
  minCameraRatio: 0.01,
  maxCameraRatio: 4,
});
// The frame is the whole layout, not what is shown: opening a zone must not move the camera.
const xs = [...data.nodes.map((n) => n.x), ...data.zones.flatMap((z) => [z.x - z.r, z.x + z.r])];
const ys = [...data.nodes.map((n) => n.y), ...data.zones.flatMap((z) => [z.y - z.r, z.y + z.r])];
const bbox = { x: [minOf(xs), maxOf(xs)] as [number, number], y: [minOf(ys), maxOf(ys)] as [number, number] };
if (xs.length > 0) sigma.setCustomBBox(bbox);
const extent = Math.max(1e-9, bbox.x[1] - bbox.x[0], bbox.y[1] - bbox.y[0]);
const firstRenderMs = performance.now();
const drawZones = zonesLayer(byId<HTMLCanvasElement>('zones'), sigma, idx, state, dark);
sigma.on('afterRender', drawZones);
drawZones();

const controls = renderHeader(header, data, idx.zoneLabel);
const find = searcher(idx);

function say(text: string): void {
  status.textContent = text;
}

/**
 * Re-projects after zones opened or closed or pins moved. The new picture is built in a fresh
 * graph and handed to sigma whole: sigma reacts to every single node or edge dropped from the
 * graph it draws, and closing a zone of 800 files one drop at a time took 18 s at 9,000 nodes.
 */
function reshape(next: Partial<Pick<ViewState, 'expanded' | 'pinned'>>): void {
  Object.assign(state, next);
  const fresh = new MultiDirectedGraph({ allowSelfLoops: true });
  syncGraph(fresh, idx, project(idx, state.expanded, state.pinned), dark);
  graph = fresh;
  sigma.setGraph(fresh);
}

function pinsFor(ids: Iterable<string>): Set<string> {
  const pins = new Set<string>();
  for (const id of ids)
    if (!isZoneNode(id) && !state.expanded.has(idx.node.get(id)?.zone ?? '')) pins.add(id);
  if (state.selected && !isZoneNode(state.selected)) pins.add(state.selected);
  return pins;
}

function highlight(h: Highlight | undefined): void {
  say(h ? h.reason : '');
  if (h) {
    if (h.nodes.size <= PIN_MAX) reshape({ pinned: pinsFor(h.nodes) });
    // Files left in closed zones light their zone's node instead.
    for (const id of [...h.nodes]) {
      const n = idx.node.get(id);
      if (n && !graph.hasNode(id)) h.nodes.add(zoneNodeId(n.zone));
    }
  }
  apply(sigma, state, { highlight: h });
}

/** Moves the camera to a point of the layout; it zooms in to `ratio` but never out. */
function zoomTo(x: number, y: number, ratio: number): void {
  const camera = sigma.getCamera();
  const p = sigma.viewportToFramedGraph(sigma.graphToViewport({ x, y }));
  camera.animate({ x: p.x, y: p.y, ratio: Math.min(camera.ratio, ratio) }, { duration: 350 });
}

function expand(zone: string): void {
  if (!idx.zone.has(zone)) return;
  reshape({ expanded: new Set([...state.expanded, zone]) });
  selectZone(zone);
}

function collapse(zone?: string): void {
  const expanded = new Set(zone === undefined ? [] : [...state.expanded].filter((z) => z !== zone));
  reshape({ expanded, pinned: pinsFor(state.pinned) });
  if (state.selected && !graph.hasNode(state.selected)) select('');
  else apply(sigma, state, {});
}

/** Imports between zones, counted on the first zone panel rather than before the first frame. */
let links: ReturnType<typeof zoneLinks> | undefined;

function selectZone(zone: string): void {
  const z = idx.zone.get(zone)!;
  links ??= zoneLinks(idx);
  renderZonePanel(panel, idx, zone, links, {
    select,
    open: state.expanded.has(zone),
    expand: () => expand(zone),
    collapse: () => collapse(zone),
  });
  apply(sigma, state, { selected: zoneNodeId(zone) });
  zoomTo(z.x, z.y, Math.max(0.05, Math.min(1, (3 * z.r) / extent)));
}

function select(id: string): void {
  if (isZoneNode(id)) {
    expand(id.slice('zone:'.length));
    return;
  }
  if (!id || !idx.node.has(id)) {
    panel.hidden = true;
    apply(sigma, state, { selected: undefined });
    return;
  }
  state.selected = id;
  if (!graph.hasNode(id)) reshape({ pinned: pinsFor([...state.pinned, id]) });
  renderPanel(panel, idx, id, select);
  apply(sigma, state, { selected: id });
  const n = idx.node.get(id)!;
  // Zoom in only on large maps: on a small one the whole picture is already readable.
  if (data.nodes.length > 300) zoomTo(n.x, n.y, 0.35);
  else {
    const d = sigma.getNodeDisplayData(id);
    if (d) sigma.getCamera().animate({ x: d.x, y: d.y }, { duration: 350 });
  }
}

/** Focus: the selected file and its direct dependents, counted per package. */
function focus(id: string): Highlight {
  const groups = dependentsByZone(idx, id);
  const nodes = new Set([id, ...groups.flatMap((g) => g.nodes)]);
  const edges = new Set((idx.in.get(id) ?? []).map((e) => e.id));
  const label = idx.node.get(id)!.label;
  const total = nodes.size - 1;
  const list = groups
    .slice(0, 6)
    .map((g) => `${idx.zoneLabel.get(g.zone) ?? g.zone} ${g.nodes.length}`)
    .join(', ');
  const reason =
    total === 0
      ? `no direct dependents of ${label}`
      : `${total} direct dependent${total === 1 ? '' : 's'} of ${label} in ${groups.length} package${groups.length === 1 ? '' : 's'}: ${list}${groups.length > 6 ? ', …' : ''}`;
  return { reason, nodes, edges };
}

function showFlow(name: string): void {
  const f = data.flows.find((x) => x.name === name);
  if (f)
    highlight({
      reason: `flow ${f.name}: ${f.node_ids.length} nodes`,
      nodes: new Set(f.node_ids),
      edges: new Set(f.edge_ids),
    });
}

let cycleCursor = -1;
/** The cycles `proofmap check` finds (runtime), then the type-only ones, named as such. */
function showCycle(at?: number): void {
  const list = data.cycles;
  const sel = state.selected;
  let i: number;
  if (at !== undefined) i = at;
  else if (sel && !isZoneNode(sel)) {
    i = list.findIndex((c) => c.nodes.includes(sel));
    if (i < 0) {
      say('no cycle found by proofmap check runs through this file');
      return;
    }
  } else i = (cycleCursor + 1) % Math.max(1, list.length);
  const c = list[i];
  if (!c) {
    say('no import cycle in this map (the same check as proofmap check)');
    return;
  }
  cycleCursor = i;
  const names = c.nodes.map((n) => idx.node.get(n)?.label ?? n);
  const kinds = list.filter((x) => x.kind === c.kind);
  const what =
    c.kind === 'runtime'
      ? `runtime cycle ${kinds.indexOf(c) + 1} of ${kinds.length}`
      : `type-only cycle ${kinds.indexOf(c) + 1} of ${kinds.length} (closed only by type imports, so check does not warn)`;
  highlight({
    reason: `${what}: ${[...names, names[0]].join(' → ')}${c.component > c.nodes.length ? ` (one loop in a tangle of ${c.component})` : ''}`,
    nodes: new Set(c.nodes),
    edges: new Set(c.edges),
  });
}

wireSearch(controls.search, controls.results, idx, find, select);
for (const key of ['zone', 'kind', 'relation'] as const) {
  controls[key].addEventListener('change', () => {
    apply(sigma, state, { filters: { ...state.filters, [key]: controls[key].value } });
  });
}
controls.focus.addEventListener('click', () => {
  if (!state.selected || isZoneNode(state.selected))
    say('select a file first, then Focus shows its direct dependents by package');
  else highlight(focus(state.selected));
});
controls.cycle.addEventListener('click', () => showCycle());
controls.changes?.addEventListener('click', () => {
  const changed = data.nodes.filter((n) => n.change).map((n) => n.id);
  highlight({
    reason: `${changed.length} nodes added or changed since the last version`,
    nodes: new Set(changed),
    edges: new Set(),
  });
});
controls.packages?.addEventListener('click', () => {
  panel.hidden = true;
  say('');
  state.selected = undefined;
  state.highlight = undefined;
  collapse();
  sigma.getCamera().animatedReset({ duration: 300 });
});
controls.areas?.addEventListener('click', () => {
  const show = !state.showAreas;
  controls.areas!.classList.toggle('on', show);
  say(show ? `${data.areas!.length} suggested areas (Louvain communities of the import graph)` : '');
  apply(sigma, state, { showAreas: show });
});
controls.reset.addEventListener('click', () => {
  for (const key of ['zone', 'kind', 'relation'] as const) controls[key].value = '';
  panel.hidden = true;
  say('');
  reshape({ pinned: new Set(), expanded: new Set(data.overview ? [] : data.zones.map((z) => z.id)) });
  apply(sigma, state, {
    selected: undefined,
    highlight: undefined,
    filters: { zone: '', kind: '', relation: '' },
  });
  sigma.getCamera().animatedReset({ duration: 300 });
});
renderLegend(legend, data, dark, showFlow, showCycle);
if (data.overview)
  say(
    `${data.nodes.length} nodes in ${data.zones.length} zones: click a package to open it, or search a file`,
  );

sigma.on('clickNode', ({ node }) => select(node));
sigma.on('clickStage', () => select(''));
sigma.on('enterNode', () => {
  byId('graph').style.cursor = 'pointer';
});
sigma.on('leaveNode', () => {
  byId('graph').style.cursor = '';
});

/** Test and benchmark hook: what a browser test needs without reaching into sigma's internals. */
(window as unknown as { __proofmap: unknown }).__proofmap = {
  ready: true,
  nodes: data.nodes.length,
  edges: data.edges.length,
  overview: data.overview,
  firstRenderMs,
  timings: { scriptStartMs, parsedMs, graphBuiltMs, sigmaMs: firstRenderMs, readyMs: performance.now() },
  select,
  expand,
  collapse,
  focus: () => controls.focus.click(),
  shown: () => ({ nodes: graph.order, edges: graph.size, zones: graph.nodes().filter(isZoneNode).length }),
  search: (q: string) => find(q).map((h) => h.id),
  viewport(id: string) {
    const d = sigma.getNodeDisplayData(id);
    return d ? sigma.framedGraphToViewport(d) : undefined;
  },
  selected: () => state.selected,
  camera: () => sigma.getCamera(),
  sigma,
};
