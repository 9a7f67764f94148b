/**
 * Whether a document's facts hold a glob that takes in a path: a decision record's `covers:
 * src/store/*.ts` gains an edge when a file is added there, so that addition is not the new
 * file's own part alone. Globs are read from the facts' JSON as any string with a glob
 * character, the way typedEndpoint resolves them (root-relative); coarse on purpose: a string that
 * only looks like a glob costs a full build, never a wrong map.
 */
import picomatch from 'picomatch';
import { normalizeRepoPath } from '../model/paths.js';

const GLOB_STRING = /"((?:[^"\\]|\\.)*[*?[\]{}](?:[^"\\]|\\.)*)"/g;

export function globTakesIn(factsJson: string, path: string): string | undefined {
  if (!/[*?[\]{}]/.test(factsJson)) return undefined;
  for (const match of factsJson.matchAll(GLOB_STRING)) {
    let raw: string;
    try {
      raw = JSON.parse(`"${match[1]}"`) as string;
    } catch {
      continue;
    }
    const glob = normalizeRepoPath(raw.trim().replace(/^\//, ''));
    if (glob !== undefined && picomatch(glob, { dot: false })(path)) return raw;
  }
  return undefined;
}
