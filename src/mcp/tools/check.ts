/**
 * map_check: the checks an agent runs after an edit, behind one tool — the declared structure
 * (proofmap.config.*), what the docs claim, what changed since a git revision, import cycles.
 * Structure, changes and cycles read the last scan; claims read the current tree (the index brought
 * up to date where there is one, else a scan in memory), cached by content.
 */
import { z } from 'zod';
import { checkup } from '../../checkup/index.js';
import { type ClaimsReport, gateExitCode } from '../../claims/index.js';
import { paginate } from '../../model/envelope.js';
import { changes, cycles, type Session } from '../../query/index.js';
import type { Answer } from '../budget.js';
import { cursor, pageSize, visitLimit } from '../inputs.js';
import { checkItem, envelopeOf } from '../schemas.js';
import { READ_ONLY, type ToolSpec } from '../spec.js';
import type { Workspace } from '../workspace.js';

const FRESH_SCAN = { epoch: 0, stale: [], missing: [], fresh: true };

const input = {
  what: z
    .enum(['structure', 'claims', 'changes', 'cycles'])
    .default('structure')
    .describe(
      'structure: proofmap.config rules; claims: docs vs code; changes: since `base`; cycles: import cycles',
    ),
  base: z.string().min(1).max(200).default('HEAD').describe('changes: the git revision to compare against'),
  files: z
    .array(z.string().min(1).max(1000))
    .max(200)
    .optional()
    .describe('claims: the documents to read (default README, AGENTS.md, CLAUDE.md, docs/**)'),
  strict: z.boolean().default(false).describe('claims: an unverified claim fails too'),
  limit: pageSize(20, 500),
  visit_limit: visitLimit,
  cursor,
};

type Args = z.infer<z.ZodObject<typeof input>>;

export const checkTool: ToolSpec<typeof input> = {
  name: 'map_check',
  title: 'Check after editing',
  description:
    'Call after an edit, before you report done. what=structure: the declared rules (forbidden/required dependencies, entries, flows, dead code, orphan docs), errors first. what=claims: what README/AGENTS.md/CLAUDE.md/docs claim about the code (paths, exports, scripts, flags), contradicted first. what=changes: files changed since `base` with their dependents and the checks that prove them. what=cycles: import cycles. Judged on the last scan: call map_rescan first if you edited.',
  input,
  output: envelopeOf(checkItem),
  annotations: READ_ONLY,
  async run(ws, args) {
    const page = { limit: args.limit, ...(args.cursor !== undefined ? { cursor: args.cursor } : {}) };
    if (args.what === 'claims') return claims(ws, args);
    if (args.what === 'changes') {
      const session = ws.session();
      const { files } = await ws.changes.files(args.base);
      const a = changes(session, {
        base: args.base,
        changed: files,
        visitLimit: args.visit_limit,
        ...page,
      }) as unknown as Answer;
      return {
        ...a,
        items: a.items.map((c) => ({ kind: (c as { state: string }).state, ...(c as object) })),
      };
    }
    if (args.what === 'cycles') {
      const a = cycles(ws.session(), page) as unknown as Answer;
      return { ...a, items: a.items.map((c) => ({ kind: 'cycle', ...(c as object) })) };
    }
    return structure(ws, args);
  },
  next(a, args) {
    if (args.what === 'changes' && a.total > 0)
      return {
        hint: 'check the declared structure on the new map',
        tool: 'map_check',
        arguments: { what: 'structure' },
      };
    if (a.total === 0) return { hint: 'nothing more to learn here: nothing to fix' };
    return {
      hint: 'fix the first item, call map_rescan, then check again',
      tool: 'map_rescan',
      arguments: {},
    };
  },
};

/** One checkup per snapshot and configuration: the map of a session never changes. */
const checked = new WeakMap<Session, { config: string; result: ReturnType<typeof checkup> }>();

function structure(ws: Workspace, args: Args): Answer {
  const session = ws.session();
  const loaded = session.deps.config();
  const config = JSON.stringify([loaded.file ?? null, loaded.config]);
  let result = checked.get(session)?.config === config ? checked.get(session)!.result : undefined;
  if (!result) {
    result = checkup(session.map, loaded.config, {
      ...(loaded.file ? { configFile: loaded.file } : {}),
      lineOf: loaded.lineOf,
      mode: 'warn',
    });
    checked.set(session, { config, result });
  }
  const page = paginate(result.problems, args.limit, args.cursor);
  const behind = page.items.flatMap((p) =>
    p.evidence.filter((e) => e.source !== 'config').map((e) => e.path),
  );
  return {
    query: 'check structure',
    ...page,
    freshness: session.deps.freshness([...new Set(behind)]),
    notes: ['judged on the map of the last scan: call map_rescan first if files changed since'],
    ok: result.ok,
    errors: result.problems.filter((p) => p.kind === 'error').length,
    ignored: result.ignored,
  };
}

async function claims(ws: Workspace, args: Args): Promise<Answer> {
  const { report, cached } = await ws.claims.report(args.files);
  return claimsAnswer(report, args, cached);
}

function claimsAnswer(report: ClaimsReport, args: Args, cached: boolean): Answer {
  const passed = gateExitCode(report, args.strict) === 0;
  if (report.type === 'blocked_execution_report')
    return {
      query: 'check claims',
      ...paginate([], args.limit),
      freshness: FRESH_SCAN,
      notes: [`blocked: ${report.reason} — ${report.hint}`],
      report: report.type,
      passed,
      missing: report.missing,
    };
  const untrusted = report.calibration.filter((c) => !c.trusted).map((c) => c.detector);
  const failed = report.adversarial.filter((a) => !a.passed).map((a) => `${a.detector}: ${a.case}`);
  const page = paginate(report.verdicts, args.limit, args.cursor);
  return {
    query: args.strict ? 'check claims --strict' : 'check claims',
    ...page,
    freshness: FRESH_SCAN,
    notes: report.limitations,
    report: report.type,
    passed,
    cached,
    documents: report.documents,
    summary: report.summary,
    confidence: report.confidence,
    calibration: { detectors: report.calibration.length, untrusted },
    adversarial: { cases: report.adversarial.length, failed },
  };
}
