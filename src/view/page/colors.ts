/// <reference lib="dom" />
/** Colours: nodes by kind, edges by namespace and trust, zones by a stable hue per zone id. */

export const KIND_COLORS: Record<string, string> = {
  file: '#4c8bf5',
  document: '#25a878',
  artifact: '#e3a21a',
  package: '#a46ee8',
  symbol: '#8c96a3',
  script: '#e05d8c',
  area: '#23aebb',
};
export const EXTERNAL_COLOR = '#9aa3ad';

/**
 * Opaque edge colours per theme: sigma blends translucent WebGL lines towards white, so rgba
 * edges wash out; these are the translucent colours pre-mixed with each background.
 */
export const EDGE_COLORS = {
  light: { 'typed-link': '#e0a830', high: '#9aa6ba', medium: '#c3cad6', low: '#e2e5ea' },
  dark: { 'typed-link': '#b5862a', high: '#56637a', medium: '#3b4556', low: '#262c35' },
} as const;

export function edgeColor(namespace: string, trust: string, dark: boolean): string {
  const c = EDGE_COLORS[dark ? 'dark' : 'light'];
  if (namespace === 'typed-link') return c['typed-link'];
  return trust === 'high' ? c.high : trust === 'low' ? c.low : c.medium;
}

export const CHANGE_COLORS = { added: '#2fbf71', stale: '#f08c2e' } as const;
export const HIGHLIGHT_EDGE = '#ff5a5f';

export const isDark = () => window.matchMedia('(prefers-color-scheme: dark)').matches;

/** A hue from the zone id, so a zone keeps its colour across runs and across maps. */
export function zoneHue(id: string): number {
  let h = 0;
  for (let i = 0; i < id.length; i++) h = (h * 31 + id.charCodeAt(i)) >>> 0;
  return h % 360;
}

/** A zone node's colour: sigma's WebGL programs read hex and rgb, not hsl, so it is converted here. */
export function zoneColor(id: string, dark: boolean): string {
  const h = zoneHue(id) / 360;
  const s = 0.5;
  const l = dark ? 0.55 : 0.5;
  const q = l < 0.5 ? l * (1 + s) : l + s - l * s;
  const p = 2 * l - q;
  const channel = (t: number) => {
    const u = t < 0 ? t + 1 : t > 1 ? t - 1 : t;
    const v = u < 1 / 6 ? p + (q - p) * 6 * u : u < 1 / 2 ? q : u < 2 / 3 ? p + (q - p) * (2 / 3 - u) * 6 : p;
    return Math.round(v * 255)
      .toString(16)
      .padStart(2, '0');
  };
  return `#${channel(h + 1 / 3)}${channel(h)}${channel(h - 1 / 3)}`;
}
