import type { Session } from '../query/session.js';
import type { LocalStore } from '../store/local-store.js';

/** The streams and environment a command runs with; injected so tests run the CLI in-process. */
export interface Io {
  stdout: { write(chunk: string): unknown };
  stderr: { write(chunk: string): unknown; isTTY?: boolean };
  cwd: string;
  env: Record<string, string | undefined>;
  /**
   * Set where a resident runs a query command for a CLI (resident-queries.ts): the session it
   * keeps open between questions, which the command answers from instead of opening the index
   * (and which it must not close).
   */
  keptSession?(root: string): Promise<{ session: Session; store: LocalStore }>;
}

export interface CommandResult {
  /** 0 ok, 1 findings/blocked, 2 bad input, 3 internal. */
  exitCode: number;
}

export function processIo(): Io {
  return {
    stdout: droppedWhenClosed(process.stdout),
    stderr: Object.assign(droppedWhenClosed(process.stderr), { isTTY: process.stderr.isTTY }),
    cwd: process.cwd(),
    env: process.env,
  };
}

const guardedStreams = new WeakSet<NodeJS.WriteStream>();
const closedStreams = new WeakSet<NodeJS.WriteStream>();

/**
 * A reader that went away (`proofmap scan --json | head -c0`) closes the pipe, and Node reports
 * the next write as an uncaught EPIPE 'error' event: a stack trace and exit 1. Output nobody reads
 * is dropped instead; the command still finishes (its map and index are written) and exits with
 * its usual code. Any other stream error is still thrown.
 */
function droppedWhenClosed(stream: NodeJS.WriteStream): { write(chunk: string): boolean } {
  if (!guardedStreams.has(stream)) {
    guardedStreams.add(stream);
    stream.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== 'EPIPE' && error.code !== 'ERR_STREAM_DESTROYED') throw error;
      closedStreams.add(stream);
    });
  }
  return { write: (chunk) => (closedStreams.has(stream) ? true : stream.write(chunk)) };
}
