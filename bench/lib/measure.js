// Runs one peer as a fresh child process and times it by wall clock, from spawn to exit. argv is
// always an array and no shell is involved, so paths with spaces or quotes cannot change the command.
//
// stdout goes to a file, not a pipe: madge prints its JSON and then calls process.exit(), which
// truncates output written to a pipe (asynchronous on POSIX) but not to a file (synchronous). A file
// also spares depcruise's 35 MB of JSON the pipe round-trip, so every tool is timed the same way.
import { spawn } from 'node:child_process';
import { closeSync, openSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';

// CPU time of waited-for children, from /proc/self/stat (cutime + cstime, in USER_HZ = 100 ticks/s).
// The box this runs on is often shared, and CPU time stays meaningful when wall clock does not.
export function childCpuMs() {
  try {
    const stat = readFileSync('/proc/self/stat', 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[13]) + Number(fields[14])) * 10;
  } catch {
    return null;
  }
}

export function runOnce(file, args, { cwd, timeoutMs, work }) {
  const outFile = join(work, 'stdout.tmp');
  const fd = openSync(outFile, 'w');
  return new Promise((done) => {
    const started = performance.now();
    const cpuBefore = childCpuMs();
    const child = spawn(file, args, {
      cwd,
      stdio: ['ignore', fd, 'pipe'],
      env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' },
    });
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
      const cpuAfter = childCpuMs();
      const cpuMs = cpuBefore === null || cpuAfter === null ? null : cpuAfter - cpuBefore;
      clearTimeout(timer);
      closeSync(fd);
      const stdout = readFileSync(outFile, 'utf8');
      rmSync(outFile, { force: true });
      done({ ms, cpuMs, stdout, stderr, code, signal, timedOut, error });
    };
    child.once('error', (error) => finish(null, null, error));
    child.once('close', (code, signal) => finish(code, signal, undefined));
  });
}

export function stats(samples, cpuSamples) {
  const cpu = cpuSamples.filter((c) => c !== null);
  return {
    medianMs: Math.round(median(samples)),
    bestMs: Math.round(Math.min(...samples)),
    runsMs: samples.map(Math.round),
    cpuMedianMs: cpu.length ? Math.round(median(cpu)) : null,
  };
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/**
 * The first line of a failed run's stderr, for the report. Node prints a stack location before an
 * uncaught error's message, so the first line that names an error wins over the first line.
 */
export function firstLine(run) {
  const text =
    `${run.stderr ?? ''}`.trim() || `${run.error?.message ?? ''}`.trim() || `exit code ${run.code}`;
  const lines = text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
  return (lines.find((l) => /\berror\b/i.test(l)) ?? lines[0] ?? text).slice(0, 200);
}
