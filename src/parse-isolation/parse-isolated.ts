/**
 * Parsing where a parser crash cannot take the scan down. oxc dies with SIGSEGV on deeply nested
 * input (js-ts-depth.ts); a signal is not an exception, and a worker thread's crash ends the whole
 * process, so the files the pre-scan flags are parsed in a child process. There they run on a
 * worker thread with a 320 MB stack, which parses ~50,000 levels, so deep generated code still
 * gets its facts; a file that still kills the child becomes coverage `parser-crashed`, and a new
 * child carries on with the files after it.
 *
 * Two ways to wait for the child: extractIsolated blocks (the CLI, the hook: nothing else runs in
 * those processes), extractIsolatedAsync does not (a full build, which the MCP server and the
 * watcher run among other calls).
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { FactSink } from '../extract/js-ts-sink.js';
import type { ModuleFacts } from '../model/facts.js';

// Loaded on the first child: node:child_process (with net and dgram behind it) cost every
// one-file edit rescan, which imports this module and almost never parses in a child, ~4 ms.
type ChildProcesses = typeof import('node:child_process');
let childProcesses: ChildProcesses | undefined;
const spawning = (): ChildProcesses =>
  (childProcesses ??= createRequire(import.meta.url)('node:child_process') as ChildProcesses);

export interface IsolatedJob {
  path: string;
  text: string;
}

/**
 * Per child: a crash-free batch of deep files parses well inside this. PROOFMAP_PARSE_TIMEOUT_MS
 * shortens it so that tests can watch a kill for time.
 */
const CHILD_TIMEOUT_MS = Number(process.env.PROOFMAP_PARSE_TIMEOUT_MS) || 60_000;

/** How a child ended. */
interface ChildEnd {
  status: number | null;
  signal: NodeJS.Signals | null;
  timedOut: boolean;
  /** The child could not be started (EAGAIN, ENOMEM …). */
  spawnError?: string;
  stderr: string;
}

/**
 * Said of a file when the child ended for a reason that is not the file's bytes: killed for time
 * (a loaded machine is slow), by SIGKILL (the kernel's OOM killer), or never started. Such a
 * verdict is not cached (isRetriedVerdict), so the next scan parses the file again; a SIGSEGV or
 * SIGABRT of the same parser on the same bytes repeats, so that verdict is cached like any fact.
 */
const RETRIED = 'it is parsed again on the next scan';

export function extractIsolated(files: IsolatedJob[]): ModuleFacts[] {
  return isolatedLoop(files, (rest, out) => {
    const run = spawning().spawnSync(process.execPath, [childPath(), out], {
      input: JSON.stringify(rest),
      stdio: ['pipe', 'ignore', 'pipe'],
      timeout: CHILD_TIMEOUT_MS,
      killSignal: 'SIGKILL',
      maxBuffer: 1024 * 1024,
    });
    const code = (run.error as NodeJS.ErrnoException | undefined)?.code;
    return {
      status: run.status,
      signal: run.signal,
      timedOut: code === 'ETIMEDOUT',
      ...(run.error && code !== 'ETIMEDOUT' ? { spawnError: run.error.message } : {}),
      stderr: run.stderr?.toString() ?? '',
    };
  });
}

/** extractIsolated without blocking the event loop while the child parses. */
export async function extractIsolatedAsync(files: IsolatedJob[]): Promise<ModuleFacts[]> {
  if (!import.meta.url.endsWith('.js')) return notBuilt(files);
  const ends: ModuleFacts[][] = [];
  let rest = files;
  while (rest.length > 0) {
    const batch = rest;
    const end = await withTempDir(async (dir) => {
      const out = join(dir, 'facts.jsonl');
      const ended = await runChildAsync(batch, out);
      return { ended, done: finishedFacts(out) };
    });
    const step = settle(batch, end.done, end.ended);
    ends.push(step.results);
    rest = step.rest;
  }
  return ends.flat();
}

/** The facts say the file was not read for a reason the next scan may not meet: do not cache them. */
export function isRetriedVerdict(facts: ModuleFacts): boolean {
  return facts.coverage.some((c) => c.status === 'parser-crashed' && c.reason.includes(RETRIED));
}

function childPath(): string {
  // '../parse-isolation/': the same file from dist/parse-isolation/ and from the bundled CLI in
  // dist/cli-bundle/.
  return fileURLToPath(new URL('../parse-isolation/parse-isolated-child.js', import.meta.url));
}

function isolatedLoop(
  files: IsolatedJob[],
  runChild: (rest: IsolatedJob[], out: string) => ChildEnd,
): ModuleFacts[] {
  if (!import.meta.url.endsWith('.js')) return notBuilt(files);
  const results: ModuleFacts[] = [];
  const dir = mkdtempSync(join(tmpdir(), 'proofmap-parse-'));
  try {
    let rest = files;
    for (let k = 0; rest.length > 0; k++) {
      const out = join(dir, `facts-${k}.jsonl`);
      const ended = runChild(rest, out);
      const step = settle(rest, finishedFacts(out), ended);
      results.push(...step.results);
      rest = step.rest;
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return results;
}

/**
 * The files a child finished, plus the one it died on (the child writes each file's facts before
 * it starts the next, so the first file without facts is that one), and what is left to parse.
 */
function settle(
  rest: IsolatedJob[],
  done: ModuleFacts[],
  ended: ChildEnd,
): { results: ModuleFacts[]; rest: IsolatedJob[] } {
  if (done.length >= rest.length) return { results: done.slice(0, rest.length), rest: [] };
  const victim = rest[done.length]!;
  const transient = ended.timedOut || ended.signal === 'SIGKILL' || ended.spawnError !== undefined;
  const what = transient
    ? `was not parsed: the parser was stopped (${death(ended)}); ${RETRIED}`
    : `killed the parser (${death(ended)}); no imports or exports were read`;
  return { results: [...done, crashed(victim, what)], rest: rest.slice(done.length + 1) };
}

function runChildAsync(files: IsolatedJob[], out: string): Promise<ChildEnd> {
  return new Promise((resolve) => {
    let child: ChildProcess;
    let stderr = '';
    let timedOut = false;
    try {
      child = spawning().spawn(process.execPath, [childPath(), out], { stdio: ['pipe', 'ignore', 'pipe'] });
    } catch (error) {
      resolve({ status: null, signal: null, timedOut, spawnError: (error as Error).message, stderr });
      return;
    }
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, CHILD_TIMEOUT_MS);
    child.stderr!.on('data', (chunk: Buffer) => {
      if (stderr.length < 64 * 1024) stderr += chunk.toString();
    });
    // A child that dies before reading all of its input closes the pipe: that is its death, not ours.
    child.stdin!.on('error', () => undefined);
    child.stdin!.end(JSON.stringify(files));
    child.once('error', (error) => {
      clearTimeout(timer);
      resolve({ status: null, signal: null, timedOut, spawnError: error.message, stderr });
    });
    child.once('close', (status, signal) => {
      clearTimeout(timer);
      resolve({ status, signal, timedOut, stderr });
    });
  });
}

async function withTempDir<T>(use: (dir: string) => Promise<T>): Promise<T> {
  const dir = mkdtempSync(join(tmpdir(), 'proofmap-parse-'));
  try {
    return await use(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function finishedFacts(out: string): ModuleFacts[] {
  let text: string;
  try {
    text = readFileSync(out, 'utf8');
  } catch {
    return [];
  }
  // A line cut short by the crash has no newline after it: only complete lines count.
  const lines = text.split('\n');
  lines.pop();
  return lines.map((line) => JSON.parse(line) as ModuleFacts);
}

function death(ended: ChildEnd): string {
  if (ended.timedOut) return `no answer within ${CHILD_TIMEOUT_MS / 1000} s`;
  if (ended.spawnError !== undefined) return `it could not be started: ${ended.spawnError}`;
  if (ended.signal) return ended.signal;
  const said = ended.stderr.trim().split('\n')[0];
  return `exit ${ended.status}${said ? `: ${said}` : ''}`;
}

/** From TypeScript sources (tests) there is no compiled child to run; never risk the parse. */
function notBuilt(files: IsolatedJob[]): ModuleFacts[] {
  return files.map((f) => crashed(f, 'was not parsed: the isolated parser runs only from the built package'));
}

function crashed(file: IsolatedJob, what: string): ModuleFacts {
  const sink = new FactSink(file.path, file.text);
  sink.addFileCoverage('parser-crashed', `The file ${what}.`);
  return sink.result();
}
