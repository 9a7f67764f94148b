/**
 * verify: the trust classification (issue 3, exactly):
 *  1. namespace default: relation ∈ the 11 ⇒ typed-link, else code-dep;
 *  2. typed links: relation must be one of the 11, endpoints remapped to node ids, dangling ⇒ dropped and reported; trust high;
 *  3. code-deps: kept only if `verified_by` is re-found in the `from` file; trust medium (low for prose mentions);
 *  4. edge ids minted after remapping;
 *  5. dedupe by id: typed-link over code-dep, then the one with `verified_by`;
 *  6. self-check before emit.
 */

import type { Finding } from '../map/schema.js';
import type { ProposedRelation } from '../map/snapshot.js';
import { TYPED_RELATIONS } from '../model/constants.js';
import { MintedEdgeIds } from '../model/ids.js';
import type { Coverage, Entity, Relation, TypedRelation } from '../model/types.js';
import { evidencedBy, LiteralChecks } from './code-dep.js';
import { selfCheck } from './self-check.js';

export interface VerifyInput {
  entities: ReadonlyMap<string, Entity>;
  relations: ProposedRelation[];
  /** Text of a repo file, for the code-dep re-check. */
  textOf(path: string): string | undefined;
  /** Resolves a typed-link endpoint as written (artifact id, path, glob) to node ids. */
  endpoint(raw: string, declaredIn: string): string[];
}

export interface Dropped {
  reason: 'invalid-relation' | 'dangling-endpoint' | 'not-found-in-source' | 'empty-relation' | 'duplicate';
  relation: string;
  message: string;
  evidence: Relation['evidence'];
}

export interface VerifyResult {
  edges: (Relation & { names?: string[]; firstUse?: readonly (number | undefined)[] })[];
  dropped: Dropped[];
  coverage: Coverage[];
  /** Declared typed links that are wrong: an invalid relation, an endpoint that names nothing. */
  findings: Finding[];
  /**
   * What this run proved, for the guardian to reuse on the same map and texts: the ids it minted
   * and the literal checks it ran. Reuse answers the same question, it never skips one.
   */
  proof: VerifyProof;
}

export interface VerifyProof {
  ids: MintedEdgeIds;
  literals: LiteralChecks;
}

const typed = new Set<string>(TYPED_RELATIONS);
export const isTypedRelation = (kind: string): kind is TypedRelation => typed.has(kind);

export function verify(input: VerifyInput): VerifyResult {
  const dropped: Dropped[] = [];
  const findings: Finding[] = [];
  const candidates: VerifyResult['edges'] = [];
  const ids = new MintedEdgeIds();
  const literals = new LiteralChecks();
  const drop = (reason: Dropped['reason'], r: ProposedRelation, message: string) => {
    dropped.push({ reason, relation: r.kind, message, evidence: r.evidence });
    if (r.declared === 'typed-link' && r.evidence.length > 0) {
      const at = r.evidence[0]!;
      const code = reason === 'invalid-relation' ? 'invalid-typed-relation' : 'dangling-typed-link';
      findings.push({
        code,
        message: `${at.path}:${at.line ?? 1}: ${message}`,
        evidence: r.evidence,
        ...(typeof r.to === 'string' ? {} : { target: r.to.raw }),
      });
    }
  };

  for (const r of input.relations) {
    if (!r.kind) {
      drop('empty-relation', r, 'relation without a kind');
      continue;
    }
    const namespace = r.declared === 'typed-link' || isTypedRelation(r.kind) ? 'typed-link' : 'code-dep';
    if (namespace === 'typed-link') {
      if (!isTypedRelation(r.kind)) {
        drop(
          'invalid-relation',
          r,
          `"${r.kind}" is not one of the 11 typed relations (${TYPED_RELATIONS.join(', ')})`,
        );
        continue;
      }
      const froms = r.fromRaw ? input.endpoint(r.fromRaw.raw, r.fromRaw.declaredIn) : [r.from];
      const tos = typeof r.to === 'string' ? [r.to] : input.endpoint(r.to.raw, r.to.declaredIn);
      const missing =
        froms.length === 0
          ? r.fromRaw?.raw
          : tos.length === 0 && typeof r.to !== 'string'
            ? r.to.raw
            : undefined;
      if (missing !== undefined) {
        drop(
          'dangling-endpoint',
          r,
          `${r.kind} names ${missing}, which is no artifact, document or file in the repository`,
        );
        continue;
      }
      for (const from of froms)
        for (const to of tos)
          if (from !== to)
            candidates.push({
              id: ids.mint(from, to, r.kind),
              kind: r.kind,
              from,
              to,
              namespace,
              trust: 'high',
              evidence: r.evidence,
            });
      continue;
    }
    const to = typeof r.to === 'string' ? r.to : undefined;
    // The literal is in the file that declares the edge: the source, or the member for `contains`.
    const holderPath = input.entities.get(
      evidencedBy(r.kind) === 'to' && to !== undefined ? to : r.from,
    )?.path;
    if (to === undefined || !input.entities.has(to) || !input.entities.has(r.from)) {
      drop('dangling-endpoint', r, `${r.kind} edge has an endpoint that is not a node`);
      continue;
    }
    if (holderPath === undefined || !literals.found(holderPath, input.textOf(holderPath), r.verified_by)) {
      drop(
        'not-found-in-source',
        r,
        `${r.verified_by ?? 'no verified_by'} not found in ${holderPath ?? r.from}`,
      );
      continue;
    }
    const edge: VerifyResult['edges'][number] = {
      id: ids.mint(r.from, to, r.kind),
      kind: r.kind,
      from: r.from,
      to,
      namespace,
      trust: r.trust ?? 'medium',
      verified_by: r.verified_by!,
      evidence: r.evidence,
    };
    // Assigned, not spread into the literal: a spread of a conditional object copies it through
    // a slow path, once for each of 80,000 edges (the map's edge is toEdge's, in its own order).
    if (r.names) edge.names = r.names;
    if (r.firstUse) edge.firstUse = r.firstUse;
    candidates.push(edge);
  }

  const edges = dedupe(candidates, dropped, ids.repeated);
  selfCheck(edges, input.entities, ids);
  const coverage = dropped
    .filter((d) => d.reason !== 'duplicate')
    .map(
      (d): Coverage => ({
        analyzer: 'verify',
        scope: d.evidence[0]
          ? `${d.evidence[0].path}${d.evidence[0].line ? `:${d.evidence[0].line}` : ''}`
          : '',
        status: 'skipped',
        reason: `${d.reason}: ${d.message}`,
        detail: d.relation,
      }),
    );
  return { edges, dropped, coverage, findings, proof: { ids, literals } };
}

/** Rank of a record among duplicates: lower wins. */
const rank = (e: Relation) => (e.namespace === 'typed-link' ? 0 : e.verified_by ? 1 : 2);

function dedupe(
  candidates: VerifyResult['edges'],
  dropped: Dropped[],
  /** The ids minted more than once: every other candidate is alone with its id. */
  repeated: ReadonlySet<string>,
): VerifyResult['edges'] {
  // Only ids minted twice are looked at: an index of all 80,000 edges of a 7k-file scan was built
  // to find the few that repeat. The result is what that index gave: each id once, where it first
  // appeared, held by the best-ranked of its candidates (the first of equals).
  if (repeated.size === 0) return candidates;
  const winners = new Map<string, VerifyResult['edges'][number]>();
  for (const e of candidates) {
    if (!repeated.has(e.id)) continue;
    const kept = winners.get(e.id);
    if (!kept) winners.set(e.id, e);
    else {
      const winner = rank(e) < rank(kept) ? e : kept;
      const loser = winner === e ? kept : e;
      winners.set(e.id, winner);
      dropped.push({
        reason: 'duplicate',
        relation: loser.kind,
        message: `duplicate of edge ${winner.id}`,
        evidence: loser.evidence,
      });
    }
  }
  const placed = new Set<string>();
  const edges: VerifyResult['edges'] = [];
  for (const e of candidates) {
    if (!repeated.has(e.id)) edges.push(e);
    else if (!placed.has(e.id)) {
      placed.add(e.id);
      edges.push(winners.get(e.id)!);
    }
  }
  return edges;
}
