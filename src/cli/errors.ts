/**
 * The one top-level handler: known errors print one line saying what to do (exit 2); anything
 * else is an internal error (exit 3) with the stack only when PROOFMAP_DEBUG is set.
 */
import { ProofmapError } from '../model/errors.js';
import type { Io } from './io.js';

export class UsageError extends ProofmapError {}

export function reportError(error: unknown, io: Io): number {
  if (error instanceof ProofmapError) {
    io.stderr.write(`proofmap: ${error.message}${error.hint ? ` — ${error.hint}` : ''}\n`);
    return 2;
  }
  const err = error instanceof Error ? error : new Error(String(error));
  io.stderr.write(`proofmap: internal error: ${err.message}\n`);
  if (io.env.PROOFMAP_DEBUG) io.stderr.write(`${err.stack ?? ''}\n`);
  else io.stderr.write('proofmap: rerun with PROOFMAP_DEBUG=1 for the stack trace, and please report it\n');
  return 3;
}
