/**
 * `proofmap.config.{json,yaml,yml}`: what a project declares about its structure. Defined once in
 * zod; unknown keys are errors with their location, so a typo never silently disables a rule.
 */
import { z } from 'zod';

const glob = z.string().min(1);
const endpoint = z
  .object({
    /** Name of a declared area. */
    area: z.string().min(1).optional(),
    /** Path globs (picomatch), relative to the repository root. */
    path: z.union([glob, z.array(glob).min(1)]).optional(),
    /** A regular expression over repo-relative paths (checked for catastrophic backtracking). */
    pattern: z.string().min(1).optional(),
  })
  .strict();

export const configSchema = z
  .object({
    $schema: z.string().optional(),
    /** Named areas: path globs that make up a part of the architecture. */
    areas: z
      .array(
        z
          .object({
            name: z.string().min(1),
            path: z.union([glob, z.array(glob).min(1)]),
            description: z.string().optional(),
          })
          .strict(),
      )
      .optional(),
    /** Layering rules in the spirit of dependency-cruiser. */
    rules: z
      .array(
        z
          .object({
            name: z.string().min(1).optional(),
            /** forbidden: from may not import to; allowed-only: from may import only to; required: from must import to. */
            kind: z.enum(['forbidden', 'allowed-only', 'required']),
            from: endpoint,
            to: endpoint,
            severity: z.enum(['error', 'warning']).optional(),
            /** Which relations the rule looks at (default: imports, re-exports, dynamic-imports, requires; type-imports too unless excluded). */
            relations: z.array(z.string().min(1)).optional(),
            comment: z.string().optional(),
          })
          .strict(),
      )
      .optional(),
    /** Entry points (globs); the defaults (package.json bin/main/exports, tests, configs) are added unless `defaultEntries: false`. */
    entries: z.array(glob).optional(),
    defaultEntries: z.boolean().optional(),
    /** Named flows: ordered steps (paths or node keys) that should be joined by edges. */
    flows: z
      .array(
        z
          .object({
            name: z.string().min(1),
            steps: z.array(z.string().min(1)).min(2),
            description: z.string().optional(),
          })
          .strict(),
      )
      .optional(),
    /** Checks that prove a change, by path glob (used by `context` and `changes`). */
    checks: z
      .array(z.object({ path: z.union([glob, z.array(glob).min(1)]), run: z.string().min(1) }).strict())
      .optional(),
    /** The edit gate. */
    gate: z
      .object({
        /** Deny edits of guarded files that were not consulted (default: warn only). */
        block: z.boolean().optional(),
        /** On malformed input or an internal error, deny instead of allowing with a warning. */
        failClosed: z.boolean().optional(),
        /** A file with at least this many direct dependents is guarded (default 10). */
        fanIn: z.number().int().min(1).optional(),
        /** A file with at least this centrality is guarded (default 0.05). */
        centrality: z.number().min(0).max(1).optional(),
        /** Markers older than this are garbage-collected (default 24). */
        markerMaxAgeHours: z.number().positive().optional(),
      })
      .strict()
      .optional(),
    scan: z.object({ maxFileBytes: z.number().int().positive().optional() }).strict().optional(),
  })
  .strict();

export type ProofmapConfig = z.infer<typeof configSchema>;
export type RuleEndpoint = z.infer<typeof endpoint>;

export const CONFIG_FILES = ['proofmap.config.json', 'proofmap.config.yaml', 'proofmap.config.yml'] as const;
