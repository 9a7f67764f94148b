/**
 * Output schemas: the common envelope with typed items, one item schema per tool. Objects are
 * loose (extra fields allowed) because the query layer grows fields (symbol answers, areas) and
 * an answer must not fail validation for carrying more than the schema names; the fields named
 * here are the ones an agent may rely on.
 */
import { z } from 'zod';

const evidence = z.looseObject({
  source: z.string(),
  path: z.string(),
  line: z.number().int().optional(),
  excerpt: z.string().optional(),
});

/** The call that answers the likely follow-up, or a plain "nothing more to learn here". */
export const nextHint = z.object({
  hint: z.string().describe('what to do next, in a sentence'),
  tool: z.string().optional().describe('the tool to call next'),
  arguments: z.record(z.string(), z.unknown()).optional().describe('its arguments'),
});

export function envelopeOf<T extends z.ZodType>(item: T, extra: z.ZodRawShape = {}) {
  return z.looseObject({
    query: z.string(),
    items: z.array(item),
    total: z.number().int().describe('the true count before any cut'),
    returned: z.number().int(),
    truncated: z.boolean(),
    next_cursor: z.string().optional(),
    freshness: z.object({
      epoch: z.number().int(),
      stale: z.array(z.string()),
      missing: z.array(z.string()),
      fresh: z.boolean(),
      covers: z
        .string()
        .optional()
        .describe('set when only the files this answer lists were checked against the disk: which'),
      commit: z
        .object({ repo: z.string(), commit: z.string(), published_at: z.string() })
        .optional()
        .describe('set when read from the shared index: the commit read and when it was published'),
    }),
    notes: z.array(z.string()).optional(),
    absence: z
      .object({
        proven: z.boolean().describe('true: the analysis behind "none" was complete'),
        gaps: z.array(z.string()).describe('what was not analysed, when not proven'),
      })
      .optional(),
    budget: z.object({
      max_tokens: z.number().int(),
      tokens: z.number().int().describe('estimated tokens of this answer (characters / 4)'),
      cut: z.array(z.string()).describe('what was cut to fit, with exact totals'),
    }),
    next: nextHint,
    ...extra,
  });
}

const severity = z.enum(['leaf', 'low', 'medium', 'high', 'chokepoint']);
const neighbours = z.looseObject({
  total: z.number().int(),
  items: z.array(z.looseObject({ path: z.string(), relation: z.string(), edge: z.string() })),
});

export const contextItem = z.looseObject({
  target: z.looseObject({ kind: z.string(), paths: z.array(z.string()), paths_total: z.number().int() }),
  severity,
  documents: z.array(z.looseObject({ path: z.string(), relation: z.string(), edge: z.string() })),
  checks: z.array(z.looseObject({ run: z.string(), source: z.string() })),
  dependencies: neighbours,
  dependents: neighbours,
  cycles: z.array(z.looseObject({ nodes: z.array(z.string()) })),
});

export const impactItem = z.looseObject({
  path: z.string(),
  depth: z.number().int(),
  severity,
  edge: z.string(),
  relation: z.string(),
});

export const refItem = z.looseObject({
  path: z.string(),
  line: z.number().int().optional(),
  target: z.string(),
  relation: z.string(),
  names: z.array(z.string()),
  excerpt: z.string().optional(),
  edge: z.string(),
});

export const searchItem = z.looseObject({
  kind: z.enum(['path', 'symbol', 'heading']),
  path: z.string(),
  name: z.string(),
  line: z.number().int().optional(),
});

export const hopItem = z.looseObject({
  from: z.string(),
  to: z.string(),
  direction: z.enum(['forward', 'backward']),
  relation: z.string(),
  edge: z.string(),
  evidence,
});

export const repoItem = z.looseObject({
  path: z.string(),
  score: z.number().describe('personalised PageRank, summing to 1 over all files'),
  focus: z.boolean().describe('one of the files the task named'),
  exports: z.array(z.string()).describe('its exported names, at most 8'),
  exports_total: z.number().int(),
});

/** map_check items: a problem, a claim verdict, a changed file or a cycle, told apart by `kind`. */
export const checkItem = z.looseObject({
  kind: z.string().optional().describe('error | warning (structure), indexed | new (changes), cycle'),
  verdict: z.enum(['verified', 'contradicted', 'unverified']).optional().describe('claims'),
  message: z.string().optional(),
  path: z.string().optional(),
});

export { verdictEntrySchema as verdictItem } from '../claims/schema.js';
export { blockerSchema as blockerItem } from '../map/schema.js';
