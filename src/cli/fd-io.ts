/**
 * An Io that writes straight to file descriptors 1 and 2, for the gate hook's own entry. The first
 * touch of `process.stdout` or `process.stderr` builds a stream for whatever the descriptor is (a
 * pipe under Claude Code: a net.Socket and the modules behind it), 2–5 ms of every hook process
 * for one short line of JSON. A synchronous write also cannot be lost when the process ends.
 *
 * Output nobody reads is dropped, as processIo does (io.ts): a reader that went away makes the
 * write fail with EPIPE, and the hook's answer has no one to reach.
 */
import { writeSync } from 'node:fs';
import type { Io } from './io.js';

/** Writes all of `text`; a non-blocking descriptor that is full is retried, a closed reader drops the rest. */
export function writeAll(fd: number, text: string, write: typeof writeSync = writeSync): void {
  let bytes = Buffer.from(text, 'utf8');
  let busy = 0;
  while (bytes.length > 0) {
    try {
      bytes = bytes.subarray(write(fd, bytes));
      busy = 0;
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'EPIPE' || code === 'EBADF') return;
      // A descriptor the parent left non-blocking: the reader drains it; give up only if it never does.
      if (code !== 'EAGAIN' || ++busy > 10_000) throw error;
    }
  }
}

export function fdIo(): Io {
  return {
    stdout: { write: (chunk: string) => writeAll(1, chunk) },
    stderr: { write: (chunk: string) => writeAll(2, chunk) },
    cwd: process.cwd(),
    env: process.env,
  };
}
