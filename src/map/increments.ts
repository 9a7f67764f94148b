/**
 * Increments: each scan compares with the previous map. The version moves only when the analysed
 * content changed (another source fingerprint), so rescanning an unchanged tree rewrites the same
 * bytes. Only the last MAX_INCREMENTS are kept so the artifact does not grow without bound.
 */
import { compareStrings } from '../model/paths.js';
import type { Increment, MapNode, ProofMap } from './schema.js';

export const MAX_INCREMENTS = 10;

export function nextIncrements(
  previous: Pick<ProofMap, 'meta' | 'nodes' | 'increments'> | undefined,
  nodes: MapNode[],
  fingerprint: string,
): { version: number; increments: Increment[] } {
  if (!previous)
    return {
      version: 1,
      increments: [
        {
          version: 1,
          added_node_ids: nodes.map((n) => n.id).sort(compareStrings),
          stale_node_ids: [],
          removed_node_ids: [],
        },
      ],
    };
  if (previous.meta.source_fingerprint === fingerprint)
    return { version: previous.meta.version, increments: previous.increments };
  const before = new Map(previous.nodes.map((n) => [n.id, n.hash]));
  const now = new Set(nodes.map((n) => n.id));
  const added: string[] = [];
  const stale: string[] = [];
  for (const n of nodes) {
    if (!before.has(n.id)) added.push(n.id);
    else if (before.get(n.id) !== n.hash) stale.push(n.id);
  }
  const removed = previous.nodes.filter((n) => !now.has(n.id)).map((n) => n.id);
  const version = previous.meta.version + 1;
  const increment: Increment = {
    version,
    added_node_ids: added.sort(compareStrings),
    stale_node_ids: stale.sort(compareStrings),
    removed_node_ids: removed.sort(compareStrings),
  };
  return { version, increments: [...previous.increments, increment].slice(-MAX_INCREMENTS) };
}
