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

export const EDGE_COLORS = {
  'typed-link': 'rgba(227,162,26,0.75)',
  'code-dep/medium': 'rgba(110,128,160,0.35)',
  'code-dep/high': 'rgba(110,128,160,0.55)',
  'code-dep/low': 'rgba(110,128,160,0.14)',
} as const;

export function edgeColor(namespace: string, trust: string): string {
  if (namespace === 'typed-link') return EDGE_COLORS['typed-link'];
  if (trust === 'high') return EDGE_COLORS['code-dep/high'];
  if (trust === 'low') return EDGE_COLORS['code-dep/low'];
  return EDGE_COLORS['code-dep/medium'];
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
