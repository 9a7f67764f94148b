/** The hook's own entry point, bundled into dist/gate-hook/ (scripts/build-gate.mjs). */
import { gateCommand } from './commands/gate.js';
import { reportError } from './errors.js';
import { processIo } from './io.js';

export async function runGate(argv: string[]): Promise<number> {
  const io = processIo();
  try {
    return (await gateCommand(argv, io)).exitCode;
  } catch (error) {
    return reportError(error, io);
  }
}
