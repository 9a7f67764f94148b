/// <reference lib="dom" />
/**
 * Sigma's hover label draws a white box, unreadable with light text in dark mode; this one takes
 * the theme's colours. Canvas text only, like every label sigma draws.
 */
import type { NodeDisplayData, PartialButFor } from 'sigma/types';

type HoverData = PartialButFor<NodeDisplayData, 'x' | 'y' | 'size' | 'label' | 'color'>;

export function hoverDrawer(dark: boolean) {
  const bg = dark ? '#1b2028' : '#ffffff';
  const fg = dark ? '#e4e7ec' : '#1d2127';
  return (ctx: CanvasRenderingContext2D, data: HoverData): void => {
    const size = 12;
    ctx.font = `600 ${size}px system-ui, sans-serif`;
    const label = data.label ?? '';
    const w = label ? ctx.measureText(label).width + 10 : 0;
    const h = size + 8;
    ctx.fillStyle = bg;
    ctx.shadowColor = 'rgba(0,0,0,0.35)';
    ctx.shadowBlur = 8;
    ctx.beginPath();
    ctx.arc(data.x, data.y, data.size + 3, 0, Math.PI * 2);
    ctx.fill();
    if (label) ctx.fillRect(data.x + data.size + 2, data.y - h / 2, w + 4, h);
    ctx.shadowBlur = 0;
    ctx.fillStyle = data.color;
    ctx.beginPath();
    ctx.arc(data.x, data.y, data.size, 0, Math.PI * 2);
    ctx.fill();
    if (label) {
      ctx.fillStyle = fg;
      ctx.textAlign = 'left';
      ctx.fillText(label, data.x + data.size + 8, data.y + size / 3);
    }
  };
}
