/// <reference lib="dom" />
/**
 * Zones drawn as discs with their names on a canvas under sigma's, redrawn after each sigma
 * frame from the same camera, plus halos under nodes that changed since the last version.
 * Text goes through fillText: a canvas cannot run markup, whatever a zone is called.
 */
import type Sigma from 'sigma';
import { CHANGE_COLORS, zoneHue } from './colors.js';
import type { MapIndex } from './index.js';
import type { ViewState } from './state.js';

/** Past this many changed nodes, halos would cost more per frame than they tell. */
const HALO_MAX = 3000;

export function zonesLayer(
  canvas: HTMLCanvasElement,
  sigma: Sigma,
  idx: MapIndex,
  state: ViewState,
  dark: boolean,
) {
  const ctx = canvas.getContext('2d')!;
  const changed = idx.data.nodes.filter((n) => n.change).slice(0, HALO_MAX);
  return function draw(): void {
    const { width, height } = sigma.getDimensions();
    const ratio = window.devicePixelRatio || 1;
    if (canvas.width !== Math.round(width * ratio) || canvas.height !== Math.round(height * ratio)) {
      canvas.width = Math.round(width * ratio);
      canvas.height = Math.round(height * ratio);
      canvas.style.width = `${width}px`;
      canvas.style.height = `${height}px`;
    }
    ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
    ctx.clearRect(0, 0, width, height);
    const focusZone = state.filters.zone;
    const visible = [];
    for (const z of idx.data.zones) {
      if (focusZone && z.id !== focusZone) continue;
      const c = sigma.graphToViewport({ x: z.x, y: z.y });
      const e = sigma.graphToViewport({ x: z.x + z.r, y: z.y });
      const r = Math.hypot(e.x - c.x, e.y - c.y);
      if (c.x + r < 0 || c.y + r < 0 || c.x - r > width || c.y - r > height) continue;
      visible.push({ z, c, r, hue: zoneHue(z.id) });
    }
    for (const { c, r, hue } of visible) {
      ctx.beginPath();
      ctx.arc(c.x, c.y, r, 0, Math.PI * 2);
      ctx.fillStyle = `hsla(${hue},55%,${dark ? 45 : 60}%,${dark ? 0.1 : 0.09})`;
      ctx.fill();
      ctx.strokeStyle = `hsla(${hue},55%,${dark ? 60 : 45}%,0.45)`;
      ctx.lineWidth = 1;
      ctx.stroke();
    }
    // Labels after every disc, so a neighbour's fill never covers a zone's name.
    ctx.textAlign = 'center';
    for (const { z, c, r, hue } of visible) {
      // A closed zone is a sigma node that carries its own label.
      if (r <= 18 || !state.expanded.has(z.id)) continue;
      ctx.font = `600 ${Math.min(16, 9 + r / 30)}px system-ui, sans-serif`;
      ctx.fillStyle = `hsla(${hue},45%,${dark ? 75 : 30}%,0.95)`;
      ctx.fillText(`${z.label} · ${z.count}`, c.x, c.y - r - 6);
    }
    if (state.showAreas) drawAreas(ctx, sigma, idx.data.areas ?? [], dark);
    for (const n of changed) {
      const d = sigma.getNodeDisplayData(n.id);
      if (!d || d.hidden) continue;
      const p = sigma.framedGraphToViewport(d);
      const size = sigma.scaleSize(d.size);
      ctx.beginPath();
      ctx.arc(p.x, p.y, size + 4, 0, Math.PI * 2);
      ctx.fillStyle = n.change === 'added' ? CHANGE_COLORS.added : CHANGE_COLORS.stale;
      ctx.globalAlpha = 0.55;
      ctx.fill();
      ctx.globalAlpha = 1;
    }
  };
}

/** Suggested areas as dashed outlines with their name and cohesion, over the zones. */
function drawAreas(
  ctx: CanvasRenderingContext2D,
  sigma: Sigma,
  areas: NonNullable<MapIndex['data']['areas']>,
  dark: boolean,
): void {
  ctx.save();
  ctx.setLineDash([6, 4]);
  ctx.lineWidth = 1.5;
  ctx.strokeStyle = dark ? 'rgba(240,200,90,0.8)' : 'rgba(150,100,0,0.8)';
  ctx.fillStyle = dark ? 'rgba(240,200,90,0.95)' : 'rgba(120,80,0,0.95)';
  ctx.font = '600 12px system-ui, sans-serif';
  ctx.textAlign = 'center';
  for (const a of areas) {
    const c = sigma.graphToViewport({ x: a.x, y: a.y });
    const e = sigma.graphToViewport({ x: a.x + a.r, y: a.y });
    const r = Math.hypot(e.x - c.x, e.y - c.y);
    ctx.beginPath();
    ctx.arc(c.x, c.y, r, 0, Math.PI * 2);
    ctx.stroke();
    ctx.fillText(`${a.name} · ${a.count} · cohesion ${a.cohesion}`, c.x, c.y + r + 14);
  }
  ctx.restore();
}
