/** The shape of one tool in the registry (kept apart so tools and registry import it, not each other). */
import type { ToolAnnotations } from '@modelcontextprotocol/server';
import type { z } from 'zod';
import type { Answer } from './budget.js';
import type { NextHint } from './result.js';
import type { Workspace } from './workspace.js';

export interface ToolSpec<S extends z.ZodRawShape = z.ZodRawShape> {
  name: string;
  title: string;
  description: string;
  input: S;
  output: z.ZodType;
  annotations: ToolAnnotations;
  run(ws: Workspace, args: z.infer<z.ZodObject<S>>): Answer | Promise<Answer>;
  /**
   * Set by a tool whose answer lists more files than a budget keeps (map_areas: thousands): the
   * files to check for freshness, read from the answer after the cut, so a call stats the files
   * it shows instead of every file it was computed from. The freshness then says what it covers.
   */
  listed?(answer: Answer): { paths: string[]; covers: string };
  /** The likely follow-up once the answer is complete and fresh. */
  next?(answer: Answer, args: z.infer<z.ZodObject<S>>): NextHint;
  /** A tool whose cursor is not the plain offset one (search's carries a query fingerprint). */
  cursor?: {
    offset(cursor: string, args: z.infer<z.ZodObject<S>>): number;
    at(offset: number, args: z.infer<z.ZodObject<S>>): string;
  };
}

/** Read-only tools: the only write is the consult marker in .proofmap/ (derived data). */
export const READ_ONLY: ToolAnnotations = { readOnlyHint: true, idempotentHint: true, openWorldHint: false };
