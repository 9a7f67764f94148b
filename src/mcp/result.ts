/**
 * Turning query answers and errors into MCP tool results. An answer is the query layer's
 * envelope, unchanged, as structuredContent; the text block repeats it (one summary line, then
 * compact JSON) because several clients hand only text content to the model. A failure is a
 * tool result with isError, never a thrown protocol error: the agent reads the hint and retries,
 * and the server keeps serving.
 */
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import type { Envelope } from '../model/envelope.js';
import { ProofmapError } from '../model/errors.js';

/** Where the server writes its own diagnostics: stderr, never stdout (stdout is the protocol). */
export type Log = (line: string) => void;

/**
 * The envelope as an output schema. Passed as a loose object schema, not a raw shape: the SDK
 * closes a raw shape (additionalProperties: false), and answers add fields (target, mentions).
 */
export const envelopeOutput = z.looseObject({
  query: z.string(),
  items: z.array(z.unknown()),
  total: z.number().int(),
  returned: z.number().int(),
  truncated: z.boolean(),
  next_cursor: z.string().optional(),
  freshness: z.object({
    epoch: z.number().int(),
    stale: z.array(z.string()),
    missing: z.array(z.string()),
    fresh: z.boolean(),
  }),
  notes: z.array(z.string()).optional(),
});

export function answer(envelope: Envelope<unknown>): CallToolResult {
  return {
    content: [{ type: 'text', text: `${summary(envelope)}\n${JSON.stringify(envelope)}` }],
    structuredContent: envelope as unknown as Record<string, unknown>,
  };
}

function summary(e: Envelope<unknown>): string {
  const page = e.truncated
    ? `${e.returned} of ${e.total}, next_cursor ${e.next_cursor ?? '(none: cut by a limit)'}`
    : `${e.returned} of ${e.total}`;
  const { stale, missing } = e.freshness;
  const fresh = e.freshness.fresh
    ? ''
    : `; STALE since indexing: ${[...stale, ...missing.map((m) => `${m} (missing)`)].join(', ')} — call map_rescan`;
  return `${e.query}: ${page}${fresh}`;
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

/** Wraps a tool body so every outcome is a tool result. */
export function guarded<A>(log: Log, body: (args: A) => Envelope<unknown> | Promise<Envelope<unknown>>) {
  return async (args: A): Promise<CallToolResult> => {
    try {
      return answer(await body(args));
    } catch (error) {
      return failure(error, log);
    }
  };
}
