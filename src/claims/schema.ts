/**
 * The claims report, defined once in zod (schemas/claims-report.schema.json is generated from it).
 * Claim subjects are a discriminated union on `check`: the detector that can settle the claim.
 */
import { z } from 'zod';

/** Where a document states the claim: 1-based line/column and the source line. */
export const docPlaceSchema = z.object({
  path: z.string(),
  line: z.number().int().min(1),
  column: z.number().int().min(1),
  excerpt: z.string(),
});

/** The code, manifest or document fact that settled a claim. */
export const codeEvidenceSchema = z.object({
  path: z.string(),
  line: z.number().int().min(1).optional(),
  excerpt: z.string().optional(),
});

export const subjectSchema = z.discriminatedUnion('check', [
  /** A file or folder exists. `encoded` paths come from links and are percent-decoded first. */
  z.object({ check: z.literal('path'), path: z.string(), from: z.string(), encoded: z.boolean() }),
  /** A heading anchor exists in a Markdown file. */
  z.object({ check: z.literal('heading'), doc: z.string(), anchor: z.string() }),
  /** `path` (a file, or the package named `package`) exports `name`. */
  z.object({
    check: z.literal('export'),
    path: z.string(),
    name: z.string(),
    package: z.boolean(),
    /** The stating document, which a relative `path` is read against. */
    from: z.string().optional(),
  }),
  /** Some module of the repository exports `name`. */
  z.object({ check: z.literal('symbol'), name: z.string() }),
  /** File `from` imports `to` (a repo path or a package name). */
  z.object({ check: z.literal('import'), from: z.string(), to: z.string() }),
  /**
   * A package manager command runs a script, or (pnpm, yarn, bun) a bin of a dependency, of the
   * document's nearest package or the root; of `package` when the command names one (`*`: any).
   */
  z.object({
    check: z.literal('script'),
    manager: z.string(),
    script: z.string(),
    from: z.string().optional(),
    package: z.string().optional(),
  }),
  /** `npx <name>`: a bin of a workspace package or a declared dependency. */
  z.object({ check: z.literal('bin'), name: z.string() }),
  /** A package (default: the root one) depends on `dependency`, optionally at a stated major. */
  z.object({
    check: z.literal('dependency'),
    dependency: z.string(),
    package: z.string().optional(),
    major: z.number().int().optional(),
  }),
  /** The documented minimum Node major versus engines.node. */
  z.object({ check: z.literal('engines'), engine: z.literal('node'), major: z.number().int() }),
  /** `npm install <name>[@major]`: a package of the repository (at that major) or a dependency. */
  z.object({ check: z.literal('package'), name: z.string(), major: z.number().int().optional() }),
  /** A subcommand of one of the repository's bins is defined in that bin's code. */
  z.object({ check: z.literal('subcommand'), bin: z.string(), name: z.string() }),
  /** A command-line flag of one of the repository's bins exists in that bin's code. */
  z.object({ check: z.literal('flag'), bin: z.string(), flag: z.string() }),
]);

export const claimKindSchema = z.enum(['existence', 'structure', 'relation', 'behaviour', 'state']);
export const verdictSchema = z.enum(['verified', 'contradicted', 'unverified']);

/**
 * What the stating line does with the subject, when it does not simply assert it: tells the
 * reader to create it, gives an example, records history, states a condition. A detector's
 * "contradicted" then becomes "unverified" with `why`.
 */
export const claimReadingSchema = z.object({
  intent: z.enum(['creates', 'example', 'history', 'conditional']),
  why: z.string(),
});

export const claimSchema = z.object({
  kind: claimKindSchema,
  subject: subjectSchema,
  /** The claim as written, e.g. `npm run build`. */
  text: z.string(),
  stated_at: docPlaceSchema,
  /** True when read from a fenced code block (commands and unambiguous paths only). */
  in_code_block: z.boolean(),
  reading: claimReadingSchema.optional(),
});

export const verdictEntrySchema = z.object({
  kind: claimKindSchema,
  subject: subjectSchema,
  text: z.string(),
  verdict: verdictSchema,
  detector: z.string(),
  /** One sentence: what settled it, or why nothing did. */
  reason: z.string(),
  /** Every place the same claim with the same verdict is stated (dedup by claim + verdict). */
  stated_at: z.array(docPlaceSchema).min(1),
  evidence: z.array(codeEvidenceSchema),
  /** Real names close to the one claimed: same basename, small edit distance, confusable skeleton. */
  near_misses: z.array(z.string()),
  /** Orders the repair list; never changes the verdict. */
  severity: z.enum(['error', 'warning', 'note']),
});

export const calibrationSchema = z.object({
  detector: z.string(),
  trusted: z.boolean(),
  good_control: verdictSchema,
  bad_control: verdictSchema,
  reason: z.string(),
});

export const adversarialSchema = z.object({
  detector: z.string(),
  case: z.string(),
  expected: z.enum(['rejected', 'ignored', 'near-miss', 'not-an-export']),
  verdict: verdictSchema,
  passed: z.boolean(),
  detail: z.string(),
});

export const investigationReportSchema = z.object({
  $schema: z.literal('proofmap.claims/v1'),
  type: z.literal('investigation_report'),
  documents: z.array(z.string()),
  summary: z.object({
    claims: z.number().int(),
    verified: z.number().int(),
    contradicted: z.number().int(),
    unverified: z.number().int(),
  }),
  /** high, lowered when the self-audit finds something claimed but not checked. */
  confidence: z.enum(['high', 'medium', 'low']),
  confidence_reasons: z.array(z.string()),
  verdicts: z.array(verdictEntrySchema),
  calibration: z.array(calibrationSchema),
  adversarial: z.array(adversarialSchema),
  limitations: z.array(z.string()),
});

export const blockedReportSchema = z.object({
  $schema: z.literal('proofmap.claims/v1'),
  type: z.literal('blocked_execution_report'),
  /** The capability that is missing: the repository, the map, the documents. */
  missing: z.enum(['repository', 'map', 'documents']),
  reason: z.string(),
  /** What the user can do about it. */
  hint: z.string(),
});

export const claimsReportSchema = z.discriminatedUnion('type', [
  investigationReportSchema,
  blockedReportSchema,
]);

export type DocPlace = z.infer<typeof docPlaceSchema>;
export type CodeEvidence = z.infer<typeof codeEvidenceSchema>;
export type Subject = z.infer<typeof subjectSchema>;
export type ClaimKind = z.infer<typeof claimKindSchema>;
export type Verdict = z.infer<typeof verdictSchema>;
export type Claim = z.infer<typeof claimSchema>;
export type ClaimReading = z.infer<typeof claimReadingSchema>;
export type VerdictEntry = z.infer<typeof verdictEntrySchema>;
export type Calibration = z.infer<typeof calibrationSchema>;
export type AdversarialResult = z.infer<typeof adversarialSchema>;
export type InvestigationReport = z.infer<typeof investigationReportSchema>;
export type BlockedReport = z.infer<typeof blockedReportSchema>;
export type ClaimsReport = z.infer<typeof claimsReportSchema>;
