/**
 * The snapshot: entities and proposed relations assembled from per-file facts, before
 * verification. Entity ids are content hashes of (kind, key), so a relation's endpoints are known
 * as soon as their keys are; typed links name their endpoints as written (an artifact id, a path,
 * a glob) and verify remaps them.
 */
import { detached } from '../model/detached.js';
import { nodeId } from '../model/ids.js';
import type { Coverage, Entity, EntityKind, Evidence, Trust } from '../model/types.js';

/** A relation as proposed by an extractor; verification decides whether it becomes an edge. */
export interface ProposedRelation {
  kind: string;
  /** Entity id of the source. */
  from: string;
  /** Entity id of the target, or — for typed links — the endpoint as written, to be remapped. */
  to: string | { raw: string; declaredIn: string };
  /** Typed links only: the source as written when it is not the declaring artifact. */
  fromRaw?: { raw: string; declaredIn: string };
  evidence: Evidence[];
  verified_by?: string;
  names?: string[];
  /**
   * Line of each name's first use in the importing file, aligned with `names` (undefined: not
   * known). An array, not an object or Map per relation: tens of thousands of those cost tens of MB.
   */
  firstUse?: (number | undefined)[];
  /** Proposed trust for code-deps that are heuristic (prose mentions ⇒ low). */
  trust?: Trust;
  /** Set by extractors of declared links (front matter, in-body status lines): the relation must be one of the 11. */
  declared?: 'typed-link';
}

export class Snapshot {
  readonly entities = new Map<string, Entity>();
  readonly relations: ProposedRelation[] = [];
  readonly coverage: Coverage[] = [];

  /** Adds an entity once; later calls with the same (kind, key) merge evidence. Returns its id. */
  entity(kind: EntityKind, key: string, init: Omit<Entity, 'id' | 'kind' | 'key'>): string {
    const id = nodeId(kind, key);
    const existing = this.entities.get(id);
    if (existing) {
      existing.evidence.push(...init.evidence);
      if (init.metadata) existing.metadata = { ...existing.metadata, ...init.metadata };
    } else {
      const entity: Entity = { id, kind, key, ...init };
      this.entities.set(id, entity);
    }
    return id;
  }

  private readonly relationIndex = new Map<string, ProposedRelation>();

  /**
   * Proposes a relation. The same (from, to, kind, verified_by) seen twice in one file (two
   * import statements of one module) is one relation with both evidence entries.
   */
  relate(relation: ProposedRelation): void {
    const to = typeof relation.to === 'string' ? relation.to : `${relation.to.declaredIn}>${relation.to.raw}`;
    const key = `${relation.from}|${relation.fromRaw?.raw ?? ''}|${to}|${relation.kind}|${relation.verified_by ?? ''}|${relation.declared ?? ''}`;
    // A Map keeps a concatenated key as the rope of pieces it was built from (V8 hashes it without
    // flattening): ~8 pieces of 32 bytes for each of a 7k-file scan's 80,000 keys, held until
    // verify. Reading a character flattens it in place, while it is young.
    key.charCodeAt(0);
    const existing = this.relationIndex.get(key);
    if (!existing) {
      this.relationIndex.set(key, relation);
      this.relations.push(relation);
      return;
    }
    existing.evidence.push(...relation.evidence);
    if (relation.firstUse || existing.firstUse) {
      // Kept aligned, repeats included: the map's edge takes each name's least line (toEdge).
      const unknown = (names: string[] | undefined) => (names ?? []).map(() => undefined);
      existing.firstUse = [
        ...(existing.firstUse ?? unknown(existing.names)),
        ...(relation.firstUse ?? unknown(relation.names)),
      ];
      existing.names = [...(existing.names ?? []), ...(relation.names ?? [])];
    } else if (relation.names) existing.names = [...new Set([...(existing.names ?? []), ...relation.names])];
  }

  /**
   * Forgets the proposed relations once verify has turned them into edges: a full scan holds the
   * snapshot until it returns, and 80,000 relations with their dedupe keys would otherwise stay
   * alive through guard, emit and the index write.
   */
  releaseRelations(): void {
    this.relations.length = 0;
    this.relationIndex.clear();
  }

  cover(entry: Coverage): void {
    this.coverage.push(entry);
  }
}

/** First line of text at a 1-based line, trimmed and capped, for evidence excerpts (a copy: see detached). */
export function excerptAt(text: string, line: number): string {
  let start = 0;
  for (let i = 1; i < line; i++) {
    const next = text.indexOf('\n', start);
    if (next < 0) return '';
    start = next + 1;
  }
  const end = text.indexOf('\n', start);
  const raw = text.slice(start, end < 0 ? undefined : end).trim();
  return detached(raw.length > 160 ? `${raw.slice(0, 159)}…` : raw);
}
