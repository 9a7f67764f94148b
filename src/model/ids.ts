import { hash } from 'node:crypto';
import type { EntityKind } from './types.js';

// crypto.hash (Node ≥ 20.12): one call, no Hash object — about half the cost of
// createHash().update().digest(), and a scan of 7k files computes ~70k ids twice (build, guard).
export const sha1 = (text: string): string => hash('sha1', text, 'hex');

/** Node id = sha1(kind + ":" + path_or_slug)[:12]. Depends only on the node itself. */
export function nodeId(kind: EntityKind, key: string): string {
  return sha1(`${kind}:${key}`).slice(0, 12);
}

/** Edge id = sha1("edge:" + from + "|" + to + "|" + relation)[:12], over node ids. */
export function edgeId(from: string, to: string, relation: string): string {
  return sha1(`edge:${from}|${to}|${relation}`).slice(0, 12);
}

/** Content hash of a file's bytes: sha256, 16 hex. Used for caching, freshness and markers. */
export function contentHash(bytes: Uint8Array | string): string {
  return hash('sha256', bytes, 'hex').slice(0, 16);
}

/** Key of an external npm package node. */
export function externalKey(name: string): string {
  return `external:npm:${name}`;
}

/**
 * Edge ids as they were minted, each with the (from, to, relation) it was hashed from. A check of
 * an id against its formula (the guardian's ids gate) then costs three string comparisons instead
 * of a sha1, and is exactly as strict: an id minted here was computed from the triple recorded
 * with it, and any other id or triple falls back to the formula.
 */
export class MintedEdgeIds {
  readonly #minted = new Map<string, readonly [from: string, to: string, relation: string]>();
  /** Ids minted more than once: one (from, to, relation) proposed twice, of which verify keeps one. */
  readonly repeated = new Set<string>();

  mint(from: string, to: string, relation: string): string {
    const id = edgeId(from, to, relation);
    const before = this.#minted.size;
    this.#minted.set(id, [from, to, relation]);
    if (this.#minted.size === before) this.repeated.add(id);
    return id;
  }

  /** Whether `id` is sha1("edge:" + from + "|" + to + "|" + relation)[:12]. */
  matches(id: string, from: string, to: string, relation: string): boolean {
    const m = this.#minted.get(id);
    if (m !== undefined && m[0] === from && m[1] === to && m[2] === relation) return true;
    return id === edgeId(from, to, relation);
  }
}
