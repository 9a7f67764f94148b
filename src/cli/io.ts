/** The streams and environment a command runs with; injected so tests run the CLI in-process. */
export interface Io {
  stdout: { write(chunk: string): unknown };
  stderr: { write(chunk: string): unknown; isTTY?: boolean };
  cwd: string;
  env: Record<string, string | undefined>;
}

export interface CommandResult {
  /** 0 ok, 1 findings/blocked, 2 bad input, 3 internal. */
  exitCode: number;
}

export function processIo(): Io {
  return { stdout: process.stdout, stderr: process.stderr, cwd: process.cwd(), env: process.env };
}
