/** Runs the CLI in-process with captured streams. */
import { run } from '../../src/cli/main.js';

export async function runCli(
  argv: string[],
  cwd = process.cwd(),
  env: Record<string, string | undefined> = {},
) {
  let stdout = '';
  let stderr = '';
  const exitCode = await run(argv, {
    stdout: { write: (s: string) => (stdout += s) },
    stderr: { write: (s: string) => (stderr += s), isTTY: false },
    cwd,
    env: { ...env },
  });
  return { exitCode, stdout, stderr };
}
