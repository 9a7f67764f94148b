/**
 * The map artifact `.proofmap/map.json` (schema proofmap.map/v1), defined once in zod. The
 * published JSON Schema in schemas/map.schema.json is generated from this (npm run schemas), and
 * emit validates every map against that JSON Schema with ajv, so the type and the file agree.
 */
import { z } from 'zod';
import { DEPENDENCY_FIELDS } from '../extract/package-json.js';

const evidence = z
  .object({
    source: z.enum(['code', 'doc', 'manifest', 'config', 'derived', 'git']),
    path: z.string().min(1),
    line: z.number().int().min(1).optional(),
    column: z.number().int().min(1).optional(),
    excerpt: z.string().optional(),
    via: z.string().min(1).optional(),
    condition: z.string().min(1).optional(),
    /** On a `uses` edge of several entries: the target's declared names this import brought along this chain. */
    symbols: z.array(z.string()).optional(),
    /** For a package.json dependency: the field that lists it, so rules can tell dev from production dependencies. */
    field: z.enum(DEPENDENCY_FIELDS).optional(),
  })
  .strict();

const coverage = z
  .object({
    analyzer: z.string().min(1),
    scope: z.string(),
    status: z.enum([
      'analyzed',
      'partial',
      'failed',
      'skipped',
      'not-analyzed',
      'too-complex',
      'parser-crashed',
    ]),
    reason: z.string().min(1),
    detail: z.string().optional(),
  })
  .strict();

const exportedName = z
  .object({
    name: z.string(),
    line: z.number().int().min(1),
    typeOnly: z.boolean(),
    /** The declaration's keyword when the module declares the name itself: that entry is a symbol. */
    declaration: z.string().optional(),
  })
  .strict();

export const mapNodeSchema = z
  .object({
    id: z.string().regex(/^[0-9a-f]{12}$/),
    kind: z.enum(['file', 'document', 'artifact', 'package', 'area', 'symbol', 'script']),
    label: z.string(),
    /** The key the id was minted from: a path, `external:npm:<name>`, an artifact id. */
    key: z.string().min(1),
    path: z.string().optional(),
    /** Zone id the node belongs to; every node has one. */
    zone: z.string(),
    /** Where the node was found: a file that exists in the repository. */
    found_at: evidence,
    /** True for nodes outside the repository (external packages). */
    external: z.boolean().optional(),
    /** Exported names of a module (for symbol queries). */
    exports: z.array(exportedName).optional(),
    /** Content hash (sha256[:16]) of the node's file, for freshness. */
    hash: z.string().optional(),
    /** Kind-specific facts: an artifact's id and status, a package's version, a script's command. */
    metadata: z.record(z.string(), z.unknown()).optional(),
  })
  .strict();

export const mapEdgeSchema = z
  .object({
    id: z.string().regex(/^[0-9a-f]{12}$/),
    from: z.string(),
    to: z.string(),
    relation: z.string().min(1),
    namespace: z.enum(['typed-link', 'code-dep']),
    trust: z.enum(['high', 'medium', 'low']),
    verified_by: z.string().optional(),
    evidence: z.array(evidence).min(1),
    /** Imported names, for refs by symbol and rename completeness. */
    names: z.array(z.string()).optional(),
    /** Line of each name's first use in the importing file, parallel to `names`. */
    first_use: z.array(z.number().int().min(1)).optional(),
  })
  .strict();

export const zoneSchema = z
  .object({
    id: z.string(),
    label: z.string(),
    /** Root folder of the zone ('' for the repository root). */
    path: z.string(),
    kind: z.enum(['package', 'folder', 'declared', 'root', 'external']),
  })
  .strict();

export const flowSchema = z
  .object({
    name: z.string(),
    node_ids: z.array(z.string()),
    edge_ids: z.array(z.string()),
    evidence: z.array(evidence),
  })
  .strict();

export const incrementSchema = z
  .object({
    version: z.number().int().min(1),
    added_node_ids: z.array(z.string()),
    /** Nodes present in both versions whose content hash changed. */
    stale_node_ids: z.array(z.string()),
    /** Nodes of the previous version that are gone. */
    removed_node_ids: z.array(z.string()),
  })
  .strict();

export const blockerSchema = z
  .object({ gate: z.string(), message: z.string(), node: z.string().optional(), edge: z.string().optional() })
  .strict();

/** Something the scan proved wrong in the repository: a broken link, a dangling typed link. */
export const findingSchema = z
  .object({
    code: z.string(),
    message: z.string(),
    evidence: z.array(evidence).min(1),
    target: z.string().optional(),
  })
  .strict();

export const mapSchema = z
  .object({
    $schema: z.literal('proofmap.map/v1'),
    meta: z
      .object({
        map_id: z.string(),
        status: z.enum(['proposed', 'confirmed']),
        /** sha1 over the sorted (path, hash) list of every analysed file. */
        source_fingerprint: z.string(),
        version: z.number().int().min(1),
        generator: z.string(),
        generator_version: z.string(),
        /** Guardian blockers of the last guard run (empty when confirmed). */
        blockers: z.array(blockerSchema),
        counts: z.record(z.string(), z.number()),
      })
      .strict(),
    zones: z.array(zoneSchema),
    nodes: z.array(mapNodeSchema),
    edges: z.array(mapEdgeSchema),
    flows: z.array(flowSchema),
    increments: z.array(incrementSchema),
    findings: z.array(findingSchema),
    coverage: z.array(coverage),
  })
  .strict();

export type ProofMap = z.infer<typeof mapSchema>;
export type MapNode = z.infer<typeof mapNodeSchema>;
export type MapEdge = z.infer<typeof mapEdgeSchema>;
export type Zone = z.infer<typeof zoneSchema>;
export type Flow = z.infer<typeof flowSchema>;
export type Increment = z.infer<typeof incrementSchema>;
export type Blocker = z.infer<typeof blockerSchema>;
export type Finding = z.infer<typeof findingSchema>;
