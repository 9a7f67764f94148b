/**
 * What the user is looking at: selection, filters and one highlight (a flow, a cycle, a
 * neighbourhood, the changes). Sigma's reducers read this on each refresh, so the graph's own
 * attributes never change and clearing a highlight restores the picture exactly.
 */
import type Sigma from 'sigma';
import type { EdgeDisplayData, NodeDisplayData } from 'sigma/types';
import { HIGHLIGHT_EDGE } from './colors.js';
import type { MapIndex } from './index.js';

export interface Highlight {
  /** Shown in the status line: "flow checkout", "cycle of 3", "neighbourhood of x". */
  reason: string;
  nodes: Set<string>;
  edges: Set<string>;
}

export interface ViewState {
  selected?: string | undefined;
  highlight?: Highlight | undefined;
  filters: { zone: string; kind: string; relation: string };
  /** Draw the suggested areas' outlines (the optional layer). */
  showAreas?: boolean;
}

const DIM_LIGHT = '#d5d8dc';
const DIM_DARK = '#2b313a';
/** Above this many highlighted nodes, labels are left to sigma's density rules. */
const FORCE_LABEL_MAX = 60;

export function reducers(idx: MapIndex, state: ViewState, dark: boolean) {
  const dim = dark ? DIM_DARK : DIM_LIGHT;
  const nodeReducer = (id: string, data: Record<string, unknown>): Partial<NodeDisplayData> => {
    const n = idx.node.get(id)!;
    const { zone, kind } = state.filters;
    const res: Partial<NodeDisplayData> = { ...(data as Partial<NodeDisplayData>) };
    if ((zone && n.zone !== zone) || (kind && n.kind !== kind)) return { ...res, hidden: true };
    const h = state.highlight;
    if (h) {
      if (!h.nodes.has(id)) return { ...res, color: dim, label: null, zIndex: 0 };
      res.zIndex = 1;
      if (h.nodes.size <= FORCE_LABEL_MAX) res.forceLabel = true;
    }
    if (state.selected === id) {
      res.highlighted = true;
      res.forceLabel = true;
      res.zIndex = 2;
    }
    return res;
  };
  const edgeReducer = (id: string, data: Record<string, unknown>): Partial<EdgeDisplayData> => {
    const e = idx.edge.get(id)!;
    const res: Partial<EdgeDisplayData> = { ...(data as Partial<EdgeDisplayData>) };
    if (state.filters.relation && e.relation !== state.filters.relation) return { ...res, hidden: true };
    const h = state.highlight;
    if (h) {
      if (!h.edges.has(id)) return { ...res, hidden: true };
      return { ...res, color: HIGHLIGHT_EDGE, size: 2.5, zIndex: 1 };
    }
    if (state.selected && (e.from === state.selected || e.to === state.selected))
      return { ...res, color: HIGHLIGHT_EDGE, size: 1.5, zIndex: 1 };
    return res;
  };
  return { nodeReducer, edgeReducer };
}

/** Applies new state and redraws; the one place state changes reach sigma. */
export function apply(sigma: Sigma, state: ViewState, next: Partial<ViewState>): void {
  Object.assign(state, next);
  sigma.refresh({ skipIndexation: true });
}
