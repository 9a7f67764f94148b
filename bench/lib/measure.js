// Runs one peer as a fresh child process and times it by wall clock, from spawn to exit. argv is
// always an array and no shell is involved, so paths with spaces or quotes cannot change the command.
//
// stdout goes to a file, not a pipe: madge prints its JSON and then calls process.exit(), which
// truncates output written to a pipe (asynchronous on POSIX) but not to a file (synchronous). A file
// also spares depcruise's 35 MB of JSON the pipe round-trip, so every tool is timed the same way.
import { spawn } from 'node:child_process';
import { closeSync, existsSync, openSync, readFileSync, rmSync } from 'node:fs';
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

// GNU time reports the child's peak RSS; where it is missing the column stays empty.
const GNU_TIME = existsSync('/usr/bin/time') ? '/usr/bin/time' : null;
const RSS_MARK = 'bench-peak-rss-kb:';

// Every child (proofmap and its peers alike) runs without NODE_EXTRA_CA_CERTS: where a sandbox or
// CI sets it, Node parses the whole CA bundle at start-up (~40 ms of CPU on Node 20), a cost no
// benchmarked tool needs (none of them talks to the network) and most users' shells never pay.
export const STRIPPED_ENV = ['NODE_EXTRA_CA_CERTS'];
export function childEnv() {
  const env = { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' };
  for (const name of STRIPPED_ENV) delete env[name];
  return env;
}

export function runOnce(file, args, { cwd, timeoutMs, work }) {
  const outFile = join(work, 'stdout.tmp');
  const fd = openSync(outFile, 'w');
  const [command, argv] = GNU_TIME ? [GNU_TIME, ['-f', `${RSS_MARK}%M`, file, ...args]] : [file, args];
  return new Promise((done) => {
    const started = performance.now();
    const cpuBefore = childCpuMs();
    const child = spawn(command, argv, {
      cwd,
      stdio: ['ignore', fd, 'pipe'],
      env: childEnv(),
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
      const mark = stderr.lastIndexOf(RSS_MARK);
      const rssKb = mark >= 0 ? Number.parseInt(stderr.slice(mark + RSS_MARK.length), 10) : null;
      if (mark >= 0) stderr = stderr.slice(0, mark);
      done({ ms, cpuMs, rssKb, stdout, stderr, code, signal, timedOut, error });
    };
    child.once('error', (error) => finish(null, null, error));
    child.once('close', (code, signal) => finish(code, signal, undefined));
  });
}

export function stats(samples, cpuSamples, rssSamples = []) {
  const cpu = cpuSamples.filter((c) => c !== null);
  const rss = rssSamples.filter((r) => r !== null);
  return {
    medianMs: Math.round(median(samples)),
    bestMs: Math.round(Math.min(...samples)),
    runsMs: samples.map(Math.round),
    cpuMedianMs: cpu.length ? Math.round(median(cpu)) : null,
    peakRssMiB: rss.length ? Math.round(Math.max(...rss) / 1024) : null,
  };
}

export function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
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
