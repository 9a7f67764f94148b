/** The hook's own entry point, bundled into dist/gate-hook/ (scripts/build-gate.mjs). */
import { gateCommand } from './commands/gate.js';
import { reportError } from './errors.js';
import { fdIo } from './fd-io.js';

export async function runGate(argv: string[]): Promise<number> {
  // Descriptors, not process.stdout/stderr: building those streams is a cost of every hook event.
  const io = fdIo();
  try {
    return (await gateCommand(argv, io)).exitCode;
  } catch (error) {
    return reportError(error, io);
  }
}
