/**
 * `proofmap.config.{json,yaml,yml}`: what a project declares about its structure. Defined once in
 * zod; unknown keys are errors with their location, so a typo never silently disables a rule.
 */
import { z } from 'zod';
import { MAX_MARKER_AGE_HOURS } from './constants.js';
import { re2Problem } from './user-regex.js';

const glob = z.string().min(1);

/**
 * A user regex must compile. It runs on RE2 (model/user-regex.ts: linear time, so no shape can
 * hang a check). Only a pattern RE2 cannot run (lookaround, backreferences) goes to JavaScript's
 * backtracking engine, and for those the syntactic check below must find no risky shape: a
 * quantified group holding an unbounded quantifier (`(a+)+`) or one alternative twice (`(a|a)*`).
 */
function checkPattern(pattern: string, ctx: z.RefinementCtx): void {
  try {
    new RegExp(pattern);
  } catch (error) {
    ctx.addIssue({ code: 'custom', message: `not a valid regular expression: ${(error as Error).message}` });
    return;
  }
  // RE2 runs it in linear time: nothing can backtrack.
  if (re2Problem(pattern) === undefined) return;
  const risk = backtrackingRisk(pattern);
  if (risk)
    ctx.addIssue({
      code: 'custom',
      message: `regular expression can backtrack catastrophically (${risk}); rewrite it without nested repetition`,
    });
}

interface GroupScan {
  /** An unbounded quantifier (`*`, `+`, `{n,}`) appears inside. */
  unbounded: boolean;
  /** The top-level alternatives, as source text. */
  alternatives: string[];
}

/** Returns a description of the first risky shape in `source`, or undefined. */
export function backtrackingRisk(source: string): string | undefined {
  const stack: { start: number; inner: GroupScan; altStart: number }[] = [];
  let top: GroupScan = { unbounded: false, alternatives: [] };
  let altStart = 0;
  let last: GroupScan | undefined; // the group that just closed, if the previous atom was one
  for (let i = 0; i < source.length; i++) {
    const c = source[i]!;
    if (c === '\\') {
      i++;
      last = undefined;
    } else if (c === '[') {
      // A character class is one atom; skip to its unescaped closing bracket.
      for (i++; i < source.length && source[i] !== ']'; i++) if (source[i] === '\\') i++;
      last = undefined;
    } else if (c === '(') {
      stack.push({ start: i, inner: top, altStart });
      top = { unbounded: false, alternatives: [] };
      altStart =
        source[i + 1] === '?'
          ? i +
            (source[i + 2] === '<' && /[=!]/.test(source[i + 3] ?? '')
              ? 4
              : source[i + 2] === '<'
                ? source.indexOf('>', i) + 1 - i
                : 3)
          : i + 1;
      last = undefined;
    } else if (c === '|') {
      top.alternatives.push(source.slice(altStart, i));
      altStart = i + 1;
    } else if (c === ')') {
      top.alternatives.push(source.slice(altStart, i));
      const closed = top;
      const frame = stack.pop();
      if (!frame) return undefined; // unbalanced: RegExp already rejected it
      top = frame.inner;
      altStart = frame.altStart;
      top.unbounded ||= closed.unbounded;
      last = closed;
    } else if (c === '*' || c === '+' || (c === '{' && /^\{\d+,\}/.test(source.slice(i)))) {
      if (last?.unbounded) return `a repeated group holds a repetition at column ${i + 1}`;
      if (last && new Set(last.alternatives).size < last.alternatives.length)
        return `a repeated group has the same alternative twice at column ${i + 1}`;
      top.unbounded = true;
      last = undefined;
    } else if (c !== '?' && c !== '{') last = undefined;
  }
  return undefined;
}
/**
 * Kinds of dependency a rule can be limited to, as dependency-cruiser's `dependencyTypes` names
 * them. The first group names relations; the second says where the imported package is declared,
 * judged against the importing file's nearest package.json (checkup/dependency-types.ts).
 */
export const DEPENDENCY_TYPES = {
  runtime: ['imports', 'requires', 're-exports'],
  'type-only': ['type-imports'],
  dynamic: ['dynamic-imports'],
  require: ['requires'],
  're-export': ['re-exports'],
  manifest: ['depends-on'],
} as const;

/** Declaration types: `npm` dependencies, `dev` only in devDependencies, `peer`, `optional`, `unlisted` (in none), `core` (a Node.js built-in), `undetermined` (no package.json of the map's packages is nearest). */
export const DECLARATION_TYPES = [
  'npm',
  'dev',
  'peer',
  'optional',
  'unlisted',
  'core',
  'undetermined',
] as const;
export type DeclarationType = (typeof DECLARATION_TYPES)[number];

/** dependency-cruiser's names for the same kinds, accepted so that its rules can be pasted as they are. */
export const DEPENDENCY_TYPE_ALIASES = {
  'npm-dev': 'dev',
  'npm-peer': 'peer',
  'npm-optional': 'optional',
  'npm-no-pkg': 'unlisted',
  'npm-unknown': 'undetermined',
  'dynamic-import': 'dynamic',
  export: 're-export',
} as const;

export type DependencyType = keyof typeof DEPENDENCY_TYPES | DeclarationType;

const dependencyTypes = z
  .array(
    z.enum([
      ...(Object.keys(DEPENDENCY_TYPES) as (keyof typeof DEPENDENCY_TYPES)[]),
      ...DECLARATION_TYPES,
      ...(Object.keys(DEPENDENCY_TYPE_ALIASES) as (keyof typeof DEPENDENCY_TYPE_ALIASES)[]),
    ]),
  )
  .min(1);

const endpoint = z
  .object({
    /** Name of a declared area. */
    area: z.string().min(1).optional(),
    /** Path globs (picomatch), relative to the repository root. */
    path: z.union([glob, z.array(glob).min(1)]).optional(),
    /** A regular expression over repo-relative paths (checked for catastrophic backtracking). In `to`, `$1`… are the groups `from.pattern` captured. */
    pattern: z.string().min(1).superRefine(checkPattern).optional(),
    /** Path globs the endpoint excludes. */
    pathNot: z.union([glob, z.array(glob).min(1)]).optional(),
    /** A regular expression the endpoint excludes (`$1`… allowed in `to`). */
    patternNot: z.string().min(1).superRefine(checkPattern).optional(),
    /** In `to` only: true names modules on a cycle with the `from` module (the edge closes a cycle). */
    circular: z.boolean().optional(),
    /** In `to` only: false names `to` modules that no `from` module reaches; true those it does reach. */
    reachable: z.boolean().optional(),
    /** In `to` only, where dependency-cruiser puts it: the same as the rule's `dependencyTypes`. */
    dependencyTypes: dependencyTypes.optional(),
    /** In `to` only: the same as the rule's `dependencyTypesNot`. */
    dependencyTypesNot: dependencyTypes.optional(),
  })
  .strict();

const area = z
  .object({
    name: z.string().min(1),
    path: z.union([glob, z.array(glob).min(1)]),
    description: z.string().optional(),
  })
  .strict();

export const configSchema = z
  .object({
    $schema: z.string().optional(),
    /** Named areas: path globs that make up a part of the architecture. */
    /** Named areas: path globs that make up a part of the architecture; "packages" means one per workspace package. */
    areas: z.union([z.literal('packages'), z.array(area)]).optional(),
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
            /** Which kinds of dependency the rule looks at (any of them); narrows `relations`. */
            dependencyTypes: dependencyTypes.optional(),
            /** Kinds of dependency the rule leaves alone, even when `dependencyTypes` names them. */
            dependencyTypesNot: dependencyTypes.optional(),
            comment: z.string().optional(),
          })
          .strict()
          .superRefine((rule, ctx) => {
            for (const key of ['pattern', 'patternNot'] as const)
              if (/\$\d/.test(rule.to[key] ?? '') && rule.from.pattern === undefined)
                ctx.addIssue({
                  code: 'custom',
                  path: ['to', key],
                  message: 'refers to a captured group ($1…) but from has no pattern to capture it',
                });
            for (const key of ['circular', 'reachable', 'dependencyTypes', 'dependencyTypesNot'] as const)
              if (rule.from[key] !== undefined)
                ctx.addIssue({
                  code: 'custom',
                  path: ['from', key],
                  message: `${key} belongs in to, not from`,
                });
            for (const key of ['dependencyTypes', 'dependencyTypesNot'] as const)
              if (rule[key] !== undefined && rule.to[key] !== undefined)
                ctx.addIssue({
                  code: 'custom',
                  path: ['to', key],
                  message: `${key} is given twice, on the rule and in to; keep one`,
                });
            if (
              (rule.to.circular !== undefined || rule.to.reachable !== undefined) &&
              rule.kind !== 'forbidden'
            )
              ctx.addIssue({
                code: 'custom',
                path: ['kind'],
                message: 'circular and reachable rules must be forbidden rules',
              });
          }),
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
        /**
         * A file is guarded when one of its exports is used by at least this many files —
         * importing it directly, or through barrels (default 15).
         */
        fanIn: z.number().int().min(1).optional(),
        /** A file with at least this betweenness centrality is guarded (default 0.01). */
        centrality: z.number().min(0).max(1).optional(),
        /** A consultation lapses, and its marker is garbage-collected, after this many hours (default 24). */
        markerMaxAgeHours: z.number().positive().max(MAX_MARKER_AGE_HOURS).optional(),
      })
      .strict()
      .optional(),
    scan: z.object({ maxFileBytes: z.number().int().positive().optional() }).strict().optional(),
    /** `proofmap check`. */
    checkup: z
      .object({
        /** Problems located only under these globs (e.g. test fixtures that are wrong on purpose) are dropped and counted. */
        ignore: z.array(glob).optional(),
      })
      .strict()
      .optional(),
  })
  .strict();

export type ProofmapConfig = z.infer<typeof configSchema>;
export type RuleEndpoint = z.infer<typeof endpoint>;
export type AreaDeclaration = z.infer<typeof area>;

// Defined with the other shared constants, so the hook can read it without loading zod.
export { CONFIG_FILES } from './constants.js';
