/**
 * map_claims: what the docs and agent-context files claim, checked against the code — the same
 * runClaims call as `proofmap claims`. Items are the verdicts, in the report's repair order; the
 * run's self-audit (calibration, adversarial cases, confidence) rides along so the agent can tell
 * how far to trust them. It does not read the index: like the CLI it scans in memory, because a
 * claim about a file added since the last scan would otherwise be falsely contradicted. So every
 * call, each page included, rescans; the freshness epoch is 0 (no index snapshot was read).
 */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { type ClaimsReport, gateExitCode, type VerdictEntry } from '../../claims/index.js';
import { runClaims } from '../../claims-run.js';
import { type Envelope, paginate } from '../../model/envelope.js';
import { cursor, pageSize } from '../inputs.js';
import { envelopeOutput, guarded, type Log } from '../result.js';
import type { Workspace } from '../workspace.js';

const FRESH_SCAN = { epoch: 0, stale: [], missing: [], fresh: true };

export function registerClaimsTool(server: McpServer, ws: Workspace, log: Log): void {
  server.registerTool(
    'map_claims',
    {
      title: 'Check what the docs claim',
      description:
        'Checks what README.md, AGENTS.md, CLAUDE.md, CONTRIBUTING.md, docs/**/*.md and agent rules (or the named files) claim about the code: paths, headings, exports, imports, scripts, flags, versions. Items are verdicts (verified | contradicted | unverified) with evidence and near misses, errors first; `passed` is the gate. Scans afresh on every call. Read-only. Paginated.',
      inputSchema: {
        files: z
          .array(z.string().min(1))
          .max(200)
          .optional()
          .describe('repo-relative documents to read (default: the docs and agent-context files)'),
        strict: z
          .boolean()
          .default(false)
          .describe('an unverified claim fails the gate too, not only a contradicted one'),
        limit: pageSize(20, 200),
        cursor,
      },
      outputSchema: envelopeOutput,
      annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
    },
    guarded(log, async (args) => {
      const report = await runClaims({ root: ws.root, ...(args.files ? { files: args.files } : {}) });
      return claimsAnswer(report, args.strict, args.limit, args.cursor);
    }),
  );
}

function claimsAnswer(
  report: ClaimsReport,
  strict: boolean,
  limit: number,
  cursor: string | undefined,
): Envelope<VerdictEntry> & Record<string, unknown> {
  const passed = gateExitCode(report, strict) === 0;
  if (report.type === 'blocked_execution_report')
    return {
      query: 'claims',
      ...paginate([], limit),
      freshness: FRESH_SCAN,
      notes: [`blocked: ${report.reason} — ${report.hint}`],
      report: report.type,
      passed,
      missing: report.missing,
    };
  const untrusted = report.calibration.filter((c) => !c.trusted).map((c) => c.detector);
  const failed = report.adversarial.filter((a) => !a.passed).map((a) => `${a.detector}: ${a.case}`);
  return {
    query: strict ? 'claims --strict' : 'claims',
    ...paginate(report.verdicts, limit, cursor),
    freshness: FRESH_SCAN,
    notes: report.limitations,
    report: report.type,
    passed,
    documents: report.documents,
    summary: report.summary,
    confidence: report.confidence,
    confidence_reasons: report.confidence_reasons,
    calibration: { detectors: report.calibration.length, untrusted },
    adversarial: { cases: report.adversarial.length, failed },
  };
}
