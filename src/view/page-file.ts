/**
 * The view as a library call: a map in, the HTML page out, sized by centrality like `proofmap
 * view`. Reads the page bundle built by scripts/build-view.mjs (dist/view/page.js), the one
 * file this stage reads; writing the page is the caller's business.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { computeSignals } from '../graph/signals.js';
import type { ProofMap } from '../map/schema.js';
import { InputError } from '../model/errors.js';
import type { ViewOptions } from './data.js';
import { renderHtml } from './render.js';

export function renderView(map: ProofMap, options: ViewOptions = {}): string {
  const centrality = options.centrality ?? computeSignals(map).centrality.values;
  return renderHtml({ map, pageScript: readPageScript(), ...options, centrality });
}

/**
 * The page bundle: beside the compiled module (dist/view/page.js next to dist/view/), beside the
 * CLI bundle (dist/cli-bundle/ → dist/view/), or, when running from src/ (tests), in dist/.
 */
export function readPageScript(): string {
  const candidates = ['./page.js', '../view/page.js', '../../view/page.js', '../../dist/view/page.js'].map(
    (p) => fileURLToPath(new URL(p, import.meta.url)),
  );
  for (const file of candidates) {
    try {
      return readFileSync(file, 'utf8');
    } catch {}
  }
  throw new InputError('the view page bundle (dist/view/page.js) is missing', {
    hint: 'run npm run build, which bundles it',
  });
}
