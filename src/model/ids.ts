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
  readonly #minted = new Map<string, Minted>();
  /** Ids minted more than once: one (from, to, relation) proposed twice, of which verify keeps one. */
  readonly repeated = new Set<string>();

  mint(from: string, to: string, relation: string): string {
    const id = edgeId(from, to, relation);
    const before = this.#minted.size;
    this.#minted.set(id, { from, to, relation, pass: undefined });
    if (this.#minted.size === before) this.repeated.add(id);
    return id;
  }

  /** Whether `id` is sha1("edge:" + from + "|" + to + "|" + relation)[:12]. */
  matches(id: string, from: string, to: string, relation: string): boolean {
    const m = this.#minted.get(id);
    if (m !== undefined && m.from === from && m.to === to && m.relation === relation) return true;
    return id === edgeId(from, to, relation);
  }

  /**
   * Whether `id` was already met in this pass over a map's edges, recording that it now was. A
   * minted id is marked on its own entry, which `matches` looks up anyway: the guardian's
   * duplicate-id gate then keeps no Set of the 80,000 ids of a large map (~50 ms of hashing and
   * probing). Any other id is kept in the pass's `others`; an id is minted or not whatever edge
   * carries it, so both occurrences of a duplicate are always looked for in the same place.
   */
  seenAgain(id: string, pass: EdgePass): boolean {
    const m = this.#minted.get(id);
    if (m === undefined) {
      if (pass.others.has(id)) return true;
      pass.others.add(id);
      return false;
    }
    if (m.pass === pass) return true;
    m.pass = pass;
    return false;
  }
}

/** One pass of seenAgain over a map's edges: a fresh object per pass. */
export interface EdgePass {
  readonly others: Set<string>;
}

interface Minted {
  readonly from: string;
  readonly to: string;
  readonly relation: string;
  /** The last pass that met this id (set up front so that every entry keeps one shape). */
  pass: EdgePass | undefined;
}
