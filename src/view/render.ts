/**
 * The view generator: map (+ signals) and the bundled page script → one self-contained HTML file.
 * Pure: the CLI reads the script and writes the file. Nothing from the map is written as markup:
 * the map travels as escaped JSON and the page script turns it into text nodes.
 */
import type { ProofMap } from '../map/schema.js';
import { buildViewData, type ViewOptions } from './data.js';
import { assertInlineSafe, cspHash, jsonForScript } from './embed.js';
import { packView } from './pack.js';
import { PAGE_CSS } from './style.js';

export interface RenderInput extends ViewOptions {
  map: ProofMap;
  /** The page bundle (dist/view/page.js), one IIFE built by scripts/build-view.mjs. */
  pageScript: string;
}

/** The id of the JSON element the page script reads; shared with src/view/page/main.ts. */
export const DATA_ELEMENT_ID = 'proofmap-data';

export function renderHtml({ map, pageScript, ...options }: RenderInput): string {
  assertInlineSafe(pageScript, 'the page script');
  const data = jsonForScript(packView(buildViewData(map, options)));
  // No 'unsafe-inline' for scripts: only the one inline script, by hash, may run. The JSON
  // element is data (type application/json), which the browser never executes.
  const csp = [
    "default-src 'none'",
    `script-src ${cspHash(pageScript)}`,
    `style-src ${cspHash(PAGE_CSS)}`,
    'img-src data:',
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; ');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>proofmap</title>
<style>${PAGE_CSS}</style>
</head>
<body>
<div id="stage"><canvas id="zones"></canvas><div id="graph"></div></div>
<noscript>This map needs JavaScript to draw.</noscript>
<script type="application/json" id="${DATA_ELEMENT_ID}">${data}</script>
<script>${pageScript}</script>
</body>
</html>
`;
}
