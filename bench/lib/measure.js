// Runs one peer as a fresh child process and times it by wall clock, from spawn to exit. argv is
// always an array (execFile, no shell), so paths with spaces or quotes cannot change the command.
import { execFile } from 'node:child_process';

export function runOnce(file, args, { cwd, timeoutMs }) {
  return new Promise((done) => {
    const started = performance.now();
    const options = {
      cwd,
      timeout: timeoutMs,
      killSignal: 'SIGKILL',
      // depcruise's JSON for 7k files is ~35 MB; the default 1 MB would truncate it.
      maxBuffer: 1024 * 1024 * 1024,
      env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' },
    };
    execFile(file, args, options, (error, stdout, stderr) => {
      const ms = performance.now() - started;
      const timedOut = Boolean(error?.killed) && ms >= timeoutMs - 50;
      done({
        ms,
        stdout,
        stderr,
        code: error ? (error.code ?? null) : 0,
        signal: error?.signal ?? null,
        timedOut,
        error,
      });
    });
  });
}

export function stats(samples) {
  const sorted = [...samples].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  const median = sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
  return { medianMs: Math.round(median), bestMs: Math.round(sorted[0]), runsMs: samples.map(Math.round) };
}

/** The first non-empty line of a failed run's stderr (or of the error), for the report. */
export function firstLine(run) {
  const text =
    `${run.stderr ?? ''}`.trim() || `${run.error?.message ?? ''}`.trim() || `exit code ${run.code}`;
  return (
    text
      .split('\n')
      .find((l) => l.trim())
      ?.trim()
      .slice(0, 200) ?? text
  );
}
