/** A single progress line on stderr, only when stderr is a TTY (never in pipes, CI or MCP). */
import type { Io } from './io.js';

export function progress(io: Io): { stage: (name: string, detail?: string) => void; done: () => void } {
  const tty = io.stderr.isTTY === true && !io.env.CI;
  if (!tty) return { stage: () => {}, done: () => {} };
  return {
    stage: (name, detail) =>
      io.stderr.write(`\r\x1b[2Kproofmap: ${name} done${detail ? ` (${detail})` : ''}…`),
    done: () => io.stderr.write('\r\x1b[2K'),
  };
}
