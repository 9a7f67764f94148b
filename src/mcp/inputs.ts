/**
 * Input fields shared by the tools. Every tool also takes `max_tokens`: the answer is ranked and
 * cut to fit it, so a page never floods the agent's context; `cursor` fetches the rest.
 */
import { z } from 'zod';
import { DEFAULT_MAX_TOKENS, MIN_MAX_TOKENS } from './budget.js';

export const maxTokens = z
  .number()
  .int()
  .min(MIN_MAX_TOKENS)
  .max(25_000)
  .default(DEFAULT_MAX_TOKENS)
  .describe(`token budget of the answer (default ${DEFAULT_MAX_TOKENS}); the rest via cursor`);

export const pageSize = (fallback: number, max: number) =>
  z
    .number()
    .int()
    .min(1)
    .max(max)
    .default(fallback)
    .describe(`at most this many items (default ${fallback})`);

export const cursor = z
  .string()
  .min(1)
  .max(200)
  .optional()
  .describe('the next_cursor of the previous answer, for the next page');

export const target = z
  .string()
  .min(1)
  .max(1000)
  .describe('a repo-relative path (file, document or folder), a workspace package or an exported symbol');

export const visitLimit = z
  .number()
  .int()
  .min(1)
  .max(1_000_000)
  .default(10_000)
  .describe('stop the walk after visiting this many files; the answer then says it is a lower bound');
