// Runs one peer as a fresh child process and times it by wall clock, from spawn to exit. argv is
// always an array and no shell is involved, so paths with spaces or quotes cannot change the command.
//
// stdout goes to a file, not a pipe: madge prints its JSON and then calls process.exit(), which
// truncates output written to a pipe (asynchronous on POSIX) but not to a file (synchronous). A file
// also spares depcruise's 35 MB of JSON the pipe round-trip, so every tool is timed the same way.
import { spawn } from 'node:child_process';
import { closeSync, openSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';

export function runOnce(file, args, { cwd, timeoutMs, work }) {
  const outFile = join(work, 'stdout.tmp');
  const fd = openSync(outFile, 'w');
  return new Promise((done) => {
    const started = performance.now();
    const child = spawn(file, args, { cwd, stdio: ['ignore', fd, 'pipe'], env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' } });
    let stderr = '';
    let timedOut = false;
    child.stderr.on('data', (chunk) => {
      if (stderr.length < 64 * 1024) stderr += chunk;
    });
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, timeoutMs);
    const finish = (code, signal, error) => {
      const ms = performance.now() - started;
      clearTimeout(timer);
      closeSync(fd);
      const stdout = readFileSync(outFile, 'utf8');
      rmSync(outFile, { force: true });
      done({ ms, stdout, stderr, code, signal, timedOut, error });
    };
    child.once('error', (error) => finish(null, null, error));
    child.once('close', (code, signal) => finish(code, signal, undefined));
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
  const text = `${run.stderr ?? ''}`.trim() || `${run.error?.message ?? ''}`.trim() || `exit code ${run.code}`;
  return text.split('\n').find((l) => l.trim())?.trim().slice(0, 200) ?? text;
}
