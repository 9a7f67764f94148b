/**
 * What the user is looking at: selection, filters, one highlight (a flow, a cycle, a focus, the
 * changes) and which zones are open. Sigma's reducers read this on each refresh, so the graph's
 * own attributes never change and clearing a highlight restores the picture exactly.
 */
import type Sigma from 'sigma';
import type { EdgeDisplayData, NodeDisplayData } from 'sigma/types';
import { HIGHLIGHT_EDGE } from './colors.js';
import type { MapIndex } from './index.js';
import { isZoneNode } from './projection.js';

export interface Highlight {
  /** Shown in the status line: "flow checkout", "runtime cycle 1 of 3", "12 direct dependents of x". */
  reason: string;
  nodes: Set<string>;
  edges: Set<string>;
}

export interface ViewState {
  selected?: string | undefined;
  highlight?: Highlight | undefined;
  filters: { zone: string; kind: string; relation: string };
  /** Zones shown file by file; the others are one node each. */
  expanded: Set<string>;
  /** Files shown although their zone is closed: the selection and what a highlight lights. */
  pinned: Set<string>;
  /** Draw the suggested areas' outlines (the optional layer). */
  showAreas?: boolean;
}

const DIM_LIGHT = '#d5d8dc';
const DIM_DARK = '#2b313a';
/** Above this many highlighted nodes, labels are left to sigma's density rules. */
const FORCE_LABEL_MAX = 60;
/** Zone nodes are labelled always, unless there are so many that labels would cover each other. */
const ZONE_LABELS_MAX = 80;

export function reducers(idx: MapIndex, state: ViewState, dark: boolean) {
  const dim = dark ? DIM_DARK : DIM_LIGHT;
  const labelZones = idx.data.zones.length <= ZONE_LABELS_MAX;
  const nodeReducer = (id: string, data: Record<string, unknown>): Partial<NodeDisplayData> => {
    const res: Partial<NodeDisplayData> = { ...(data as Partial<NodeDisplayData>) };
    const { zone, kind } = state.filters;
    const h = state.highlight;
    if (isZoneNode(id)) {
      if (zone && id !== `zone:${zone}`) return { ...res, hidden: true };
      if (labelZones) res.forceLabel = true;
      if (h && !h.nodes.has(id)) return { ...res, color: dim, zIndex: 0 };
      if (state.selected === id) res.highlighted = true;
      return res;
    }
    const n = idx.node.get(id)!;
    if ((zone && n.zone !== zone) || (kind && n.kind !== kind)) return { ...res, hidden: true };
    if (h) {
      if (!h.nodes.has(id)) return { ...res, color: dim, label: null, zIndex: 0 };
      res.zIndex = 2;
      if (h.nodes.size <= FORCE_LABEL_MAX) res.forceLabel = true;
    }
    if (state.selected === id) {
      res.highlighted = true;
      res.forceLabel = true;
      res.zIndex = 3;
    }
    return res;
  };
  const edgeReducer = (id: string, data: Record<string, unknown>): Partial<EdgeDisplayData> => {
    const res: Partial<EdgeDisplayData> = { ...(data as Partial<EdgeDisplayData>) };
    const e = idx.edge.get(id);
    const h = state.highlight;
    if (!e) {
      // A bundle: lit when it holds a highlighted edge, or touches the selection.
      const members = (data.members as string[] | undefined) ?? [];
      if (h) {
        if (!members.some((m) => h.edges.has(m))) return { ...res, hidden: true };
        return { ...res, color: HIGHLIGHT_EDGE, zIndex: 1 };
      }
      const [from, to] = id.split('>');
      if (state.selected && (from === state.selected || to === state.selected))
        return { ...res, color: HIGHLIGHT_EDGE, zIndex: 1 };
      return res;
    }
    if (state.filters.relation && e.relation !== state.filters.relation) return { ...res, hidden: true };
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
