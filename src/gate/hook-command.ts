/**
 * Which command `hooks install` writes. A bare `proofmap gate --claude` exits 127 unless proofmap
 * is installed globally, and a failing hook fails open — the gate silently never runs. So the
 * install proposes commands that work from the repository as installed and keeps the first one
 * that, run once exactly as Claude Code runs it (`sh -c`, cwd = project), answers as proofmap's
 * gate:
 *   - `npx --no-install proofmap gate --claude`: portable (every clone that installed proofmap as
 *     a dependency), so it is tried first for the shared settings; npx costs ~200 ms per event.
 *   - the absolute path of the running node and bin/proofmap-gate.cjs (the gate's own
 *     CommonJS entry beside bin/proofmap.js): fastest, but names this machine's paths, so it is
 *     tried first for the local (uncommitted) settings.
 * Both start with LAUNCH_PREFIX.
 */

import path from 'node:path';

/** The gate's own entry, beside bin/proofmap.js. */
export const GATE_BIN = 'proofmap-gate.cjs';

/**
 * What each proposed command starts with, both costs of a process start that are not the gate's:
 *   - `NODE_EXTRA_CA_CERTS=`: with the variable set (what Claude Code's docs advise behind a
 *     corporate proxy, so hooks inherit it), Node 20 reads and parses the whole certificate file
 *     while it starts — ~40 ms of CPU per process for the system bundle, more than the gate's
 *     whole decision — and Node 22 still reads it. The gate opens no TLS connection; empty is
 *     unset for Node.
 *   - `exec`: sh becomes node instead of forking it and waiting for it.
 */
export const LAUNCH_PREFIX = 'NODE_EXTRA_CA_CERTS= exec ';

export interface CommandCandidate {
  command: string;
  /** How the command finds proofmap, for the install report. */
  how: 'npx' | 'absolute' | 'given';
}

/** Quotes a word for sh: single quotes, with embedded ones closed and escaped. */
export function shellQuote(word: string): string {
  return /^[\w./@%+=:,-]+$/.test(word) ? word : `'${word.replaceAll("'", `'\\''`)}'`;
}

export function hookCommandCandidates(o: {
  local: boolean;
  /** process.execPath */
  node: string;
  /** Absolute path of bin/proofmap.js. */
  bin: string;
  given?: string;
}): CommandCandidate[] {
  if (o.given !== undefined) return [{ command: o.given, how: 'given' }];
  const npx: CommandCandidate = {
    command: `${LAUNCH_PREFIX}npx --no-install proofmap gate --claude`,
    how: 'npx',
  };
  const gateBin = `${o.bin.slice(0, o.bin.length - path.basename(o.bin).length)}${GATE_BIN}`;
  const absolute: CommandCandidate = {
    command: `${LAUNCH_PREFIX}${shellQuote(o.node)} ${shellQuote(gateBin)} --claude`,
    how: 'absolute',
  };
  return o.local ? [absolute, npx] : [npx, absolute];
}
