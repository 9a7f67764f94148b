/**
 * Turning query answers and errors into MCP tool results. An answer is the query layer's
 * envelope plus `next` (the likely follow-up call) and `budget` (what was cut to fit
 * `max_tokens`), as structuredContent; the text block repeats it (one summary line, then compact
 * JSON) because several clients hand only text content to the model. A failure is a tool result
 * with isError, never a thrown protocol error: the agent reads the hint and retries.
 */
import type { CallToolResult } from '@modelcontextprotocol/server';
import type { Freshness } from '../model/envelope.js';
import { ProofmapError } from '../model/errors.js';
import { type Answer, estimateTokens, fitBudget } from './budget.js';

/** Where the server writes its own diagnostics: stderr, never stdout (stdout is the protocol). */
export type Log = (line: string) => void;

export interface NextHint {
  hint: string;
  tool?: string;
  arguments?: Record<string, unknown>;
}

export const NOTHING_MORE: NextHint = { hint: 'nothing more to learn here' };

/** The reserve kept for `next` and `budget`, which are decided after the cut. */
const TAIL_TOKENS = 90;

export function render(a: Answer): string {
  return `${summary(a)}\n${JSON.stringify(a)}`;
}

/**
 * The finished result: the cut to the budget, then the hint. A stale answer points at
 * map_rescan before anything else, a cut page at its own continuation.
 */
export function finish(
  a: Answer,
  opts: {
    tool: string;
    args: Record<string, unknown>;
    maxTokens: number;
    offset: number;
    cursorAt: (offset: number) => string;
    next: (a: Answer) => NextHint;
    /** Freshness of the files the cut answer lists, for tools whose answer lists too many to check. */
    freshness?: (a: Answer) => Freshness;
  },
): CallToolResult {
  const room = Math.max(1, opts.maxTokens - TAIL_TOKENS);
  const fitted = fitBudget(a, room, opts.offset, render, opts.cursorAt);
  if (opts.freshness) {
    const checked = opts.freshness(a);
    a.freshness = checked;
    // Stale paths lengthen the answer: they are halved until it fits again, the cut named with
    // its exact size, and `fresh: false` still says the answer needs a rescan.
    for (const key of ['stale', 'missing'] as const) {
      const all = checked[key];
      while (checked[key].length > 1 && estimateTokens(render(a)) > room)
        checked[key] = checked[key].slice(0, Math.ceil(checked[key].length / 2));
      if (checked[key].length < all.length)
        fitted.cut.push(`freshness.${key}: ${checked[key].length} of ${all.length}`);
    }
  }
  const freshness = a.freshness as Freshness | undefined;
  let next: NextHint;
  if (freshness && !freshness.fresh)
    next = {
      hint: 'files behind this answer changed since the scan: rescan, then ask again',
      tool: 'map_rescan',
      arguments: {},
    };
  else if (a.next_cursor)
    next = {
      hint: `${a.total - a.returned - opts.offset} more after this page`,
      tool: opts.tool,
      arguments: { ...withoutCursor(opts.args), cursor: a.next_cursor },
    };
  else next = opts.next(a);
  const out: Answer = { ...a, budget: { max_tokens: opts.maxTokens, tokens: 0, cut: fitted.cut }, next };
  // The count is part of the text it counts: settle it (a digit more can move it once).
  const budget = out.budget as { tokens: number };
  for (let i = 0; i < 3; i++) budget.tokens = Math.ceil(render(out).length / 4);
  return { content: [{ type: 'text', text: render(out) }], structuredContent: out };
}

function withoutCursor(args: Record<string, unknown>): Record<string, unknown> {
  const { cursor: _cursor, ...rest } = args;
  return rest;
}

function summary(a: Answer): string {
  const page = a.truncated
    ? `${a.returned} of ${a.total}, next_cursor ${a.next_cursor ?? '(none: cut by a limit)'}`
    : `${a.returned} of ${a.total}`;
  const f = a.freshness as Freshness | undefined;
  const fresh =
    f && !f.fresh
      ? `; STALE since indexing: ${[...f.stale, ...f.missing.map((m) => `${m} (missing)`)].slice(0, 10).join(', ')} — call map_rescan`
      : '';
  return `${a.query}: ${page}${fresh}`;
}

export function failure(error: unknown, log: Log): CallToolResult {
  if (error instanceof ProofmapError) {
    return {
      isError: true,
      content: [{ type: 'text', text: `${error.message}${error.hint ? ` — ${error.hint}` : ''}` }],
    };
  }
  // Unknown errors are ours: the stack goes to stderr for the user, one line to the agent.
  const err = error instanceof Error ? error : new Error(String(error));
  log(`proofmap serve: internal error: ${err.stack ?? err.message}`);
  return {
    isError: true,
    content: [{ type: 'text', text: `internal error: ${err.message} (details on the server's stderr)` }],
  };
}
