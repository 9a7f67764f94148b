/// <reference lib="dom" />
/**
 * The page: reads the embedded map, draws it with sigma (WebGL, made for thousands of nodes) at
 * the positions computed in Node, and wires search, panel, filters and highlights. Positions are
 * precomputed so the first frame is the final picture: no layout runs in the browser.
 */
import { MultiDirectedGraph } from 'graphology';
import Sigma from 'sigma';
import type { ViewData } from '../data.js';
import { EXTERNAL_COLOR, edgeColor, isDark, KIND_COLORS } from './colors.js';
import { renderHeader } from './controls.js';
import { anyCycle, cycleThrough } from './cycle.js';
import { byId, el } from './dom.js';
import { hoverDrawer } from './hover.js';
import { indexData } from './index.js';
import { renderLegend } from './legend.js';
import { renderPanel } from './panel.js';
import { searcher, wireSearch } from './search.js';
import { apply, type Highlight, reducers, type ViewState } from './state.js';
import { zonesLayer } from './zones-layer.js';

// Must match DATA_ELEMENT_ID in ../render.ts (not imported: that module pulls in node:crypto).
const scriptStartMs = performance.now();
const data = JSON.parse(byId('proofmap-data').textContent ?? '{}') as ViewData;
const parsedMs = performance.now();
const idx = indexData(data);
const dark = isDark();

const graph = new MultiDirectedGraph({ allowSelfLoops: true });
const maxWeight = Math.max(1, ...data.nodes.map((n) => n.weight));
for (const n of data.nodes) {
  graph.addNode(n.id, {
    x: n.x,
    y: n.y,
    label: n.label,
    size: 2.5 + 11 * Math.sqrt(n.weight / maxWeight),
    color: n.external ? EXTERNAL_COLOR : (KIND_COLORS[n.kind] ?? EXTERNAL_COLOR),
  });
}
for (const e of data.edges) {
  if (!graph.hasNode(e.from) || !graph.hasNode(e.to)) continue;
  graph.addDirectedEdgeWithKey(e.id, e.from, e.to, {
    color: edgeColor(e.namespace, e.trust, dark),
    size: 0.6,
  });
}

const graphBuiltMs = performance.now();
const state: ViewState = { filters: { zone: '', kind: '', relation: '' } };
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
  // Large maps: drawing tens of thousands of edges every frame of a drag is what makes panning
  // stutter; sigma hides them while the camera moves and redraws them when it stops.
  hideEdgesOnMove: data.edges.length > 20_000,
  stagePadding: 60,
  minCameraRatio: 0.01,
  maxCameraRatio: 4,
});
const firstRenderMs = performance.now();
const drawZones = zonesLayer(byId<HTMLCanvasElement>('zones'), sigma, idx, state, dark);
sigma.on('afterRender', drawZones);
drawZones();

const controls = renderHeader(header, data, idx.zoneLabel);
const find = searcher(idx);

function say(text: string): void {
  status.textContent = text;
}

function highlight(h: Highlight | undefined): void {
  say(h ? h.reason : '');
  apply(sigma, state, { highlight: h });
}

function select(id: string): void {
  if (!id || !idx.node.has(id)) {
    panel.hidden = true;
    apply(sigma, state, { selected: undefined });
    return;
  }
  renderPanel(panel, idx, id, select);
  apply(sigma, state, { selected: id });
  const d = sigma.getNodeDisplayData(id);
  // Zoom in only on large maps: on a small one the whole picture is already readable.
  const camera = sigma.getCamera();
  const ratio = graph.order > 300 ? Math.min(camera.ratio, 0.35) : camera.ratio;
  if (d) camera.animate({ x: d.x, y: d.y, ratio }, { duration: 350 });
}

function neighbourhood(id: string): Highlight {
  const nodes = new Set([id]);
  const edges = new Set<string>();
  for (const e of [...(idx.out.get(id) ?? []), ...(idx.in.get(id) ?? [])]) {
    nodes.add(e.from);
    nodes.add(e.to);
    edges.add(e.id);
  }
  return { reason: `neighbourhood of ${idx.node.get(id)!.label}: ${nodes.size - 1} nodes`, nodes, edges };
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

wireSearch(controls.search, controls.results, idx, find, select);
for (const key of ['zone', 'kind', 'relation'] as const) {
  controls[key].addEventListener('change', () => {
    apply(sigma, state, { filters: { ...state.filters, [key]: controls[key].value } });
  });
}
controls.focus.addEventListener('click', () => {
  if (!state.selected) return say('select a node first, then Focus shows its neighbourhood');
  highlight(neighbourhood(state.selected));
});
controls.cycle.addEventListener('click', () => {
  const c = state.selected ? cycleThrough(idx, state.selected) : anyCycle(idx);
  if (!c)
    return say(state.selected ? 'no dependency cycle through this node' : 'no dependency cycle in this map');
  const names = c.nodes.map((n) => idx.node.get(n)?.label ?? n);
  highlight({
    reason: `cycle: ${[...names, names[0]].join(' → ')}`,
    nodes: new Set(c.nodes),
    edges: new Set(c.edges),
  });
});
controls.changes?.addEventListener('click', () => {
  const changed = data.nodes.filter((n) => n.change).map((n) => n.id);
  highlight({
    reason: `${changed.length} nodes added or changed since the last version`,
    nodes: new Set(changed),
    edges: new Set(),
  });
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
  apply(sigma, state, {
    selected: undefined,
    highlight: undefined,
    filters: { zone: '', kind: '', relation: '' },
  });
  sigma.getCamera().animatedReset({ duration: 300 });
});
renderLegend(legend, data, dark, showFlow);

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
  nodes: graph.order,
  edges: graph.size,
  firstRenderMs,
  timings: { scriptStartMs, parsedMs, graphBuiltMs, sigmaMs: firstRenderMs, readyMs: performance.now() },
  select,
  search: (q: string) => find(q).map((h) => h.id),
  viewport(id: string) {
    const d = sigma.getNodeDisplayData(id);
    return d ? sigma.framedGraphToViewport(d) : undefined;
  },
  selected: () => state.selected,
  camera: () => sigma.getCamera(),
  sigma,
};
