/**
 * Input fields shared by the tools. Defaults are sized for MCP: a page stays well under the
 * 10,000-token warning of common clients, and `cursor` fetches the rest, so nothing is lost by
 * keeping pages small.
 */
import { z } from 'zod';

export const pageSize = (fallback: number, max: number) =>
  z
    .number()
    .int()
    .min(1)
    .max(max)
    .default(fallback)
    .describe(`page size (default ${fallback}, at most ${max})`);

export const cursor = z
  .string()
  .min(1)
  .optional()
  .describe('the next_cursor of the previous answer, for the next page');

export const target = z
  .string()
  .min(1)
  .describe('a repo-relative path (file, document or folder), or an exported symbol name');

export const depth = z
  .number()
  .int()
  .min(1)
  .optional()
  .describe('how many import levels to follow (default: all)');

export const visitLimit = z
  .number()
  .int()
  .min(1)
  .max(1_000_000)
  .default(10_000)
  .describe('stop the walk after visiting this many files; the answer then says it is a lower bound');
