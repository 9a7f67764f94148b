/**
 * Deterministic layout computed in Node when the page is generated, so the page renders at once
 * and two runs on the same map draw the same picture. Each zone is a disc: its nodes sit on a
 * sunflower spiral, heaviest first, so hubs are in the middle; the discs are then packed around
 * the largest one. No randomness and no iteration order from the input: everything is sorted.
 */

export interface LayoutInput {
  id: string;
  zone: string;
  /** Larger weights sit nearer the zone's centre. */
  weight: number;
}

export interface ZoneDisc {
  id: string;
  x: number;
  y: number;
  r: number;
}

export interface Layout {
  positions: Map<string, { x: number; y: number }>;
  zones: ZoneDisc[];
}

const GOLDEN_ANGLE = Math.PI * (3 - Math.sqrt(5));
/** Distance between neighbouring nodes on the spiral, in graph units. */
const SPACING = 1;
/** Empty ring around each zone's nodes, so zone outlines and labels do not touch. */
const ZONE_PAD = 2;

const round = (n: number) => Math.round(n * 1000) / 1000;

export function layoutMap(nodes: LayoutInput[]): Layout {
  const byZone = new Map<string, LayoutInput[]>();
  for (const n of nodes) {
    const list = byZone.get(n.zone) ?? [];
    list.push(n);
    byZone.set(n.zone, list);
  }
  const local = [...byZone.entries()].map(([id, members]) => {
    members.sort((a, b) => b.weight - a.weight || (a.id < b.id ? -1 : 1));
    return { id, members, r: SPACING * Math.sqrt(members.length) + ZONE_PAD };
  });
  local.sort((a, b) => b.r - a.r || (a.id < b.id ? -1 : 1));
  const discs = packDiscs(local.map(({ id, r }) => ({ id, r })));
  const positions = new Map<string, { x: number; y: number }>();
  for (const [i, zone] of local.entries()) {
    const disc = discs[i]!;
    for (const [k, m] of zone.members.entries()) {
      const radius = SPACING * Math.sqrt(k + 0.5);
      const angle = k * GOLDEN_ANGLE;
      positions.set(m.id, {
        x: round(disc.x + radius * Math.cos(angle)),
        y: round(disc.y + radius * Math.sin(angle)),
      });
    }
  }
  return { positions, zones: discs };
}

/**
 * Greedy packing: each disc (largest first) takes the first free spot on an outward spiral.
 * Quadratic in the number of zones, which stays in the hundreds even on large monorepos.
 */
function packDiscs(discs: { id: string; r: number }[]): ZoneDisc[] {
  const placed: ZoneDisc[] = [];
  const gap = ZONE_PAD;
  for (const { id, r } of discs) {
    if (placed.length === 0) {
      placed.push({ id, x: 0, y: 0, r: round(r) });
      continue;
    }
    const step = Math.max(0.5, r / 4);
    for (let t = 0; ; t += 1) {
      const d = step * Math.sqrt(t) * 2;
      const a = t * GOLDEN_ANGLE;
      const x = d * Math.cos(a);
      const y = d * Math.sin(a);
      if (placed.every((p) => Math.hypot(p.x - x, p.y - y) >= p.r + r + gap)) {
        placed.push({ id, x: round(x), y: round(y), r: round(r) });
        break;
      }
    }
  }
  return placed;
}
