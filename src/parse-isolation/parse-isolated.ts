/**
 * Parsing where a parser crash cannot take the scan down. oxc dies with SIGSEGV on deeply nested
 * input (js-ts-depth.ts); a signal is not an exception, and a worker thread's crash ends the whole
 * process, so the files the pre-scan flags are parsed in a child process. There they run on a
 * worker thread with a 320 MB stack, which parses ~50,000 levels, so deep generated code still
 * gets its facts; a file that still kills the child becomes coverage `parser-crashed`, and a new
 * child carries on with the files after it.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { FactSink } from '../extract/js-ts-sink.js';
import type { ModuleFacts } from '../model/facts.js';

export interface IsolatedJob {
  path: string;
  text: string;
}

/** Per child: a crash-free batch of deep files parses well inside this. */
const CHILD_TIMEOUT_MS = 60_000;

export function extractIsolated(files: IsolatedJob[]): ModuleFacts[] {
  // '../parse-isolation/': the same file from dist/parse-isolation/ and from the bundled CLI in
  // dist/cli-bundle/.
  const child = new URL('../parse-isolation/parse-isolated-child.js', import.meta.url);
  if (!import.meta.url.endsWith('.js')) {
    // From TypeScript sources (tests) there is no compiled child to run; never risk the parse.
    return files.map((f) =>
      crashed(f, 'was not parsed: the isolated parser runs only from the built package'),
    );
  }
  const results: ModuleFacts[] = [];
  const dir = mkdtempSync(join(tmpdir(), 'proofmap-parse-'));
  try {
    let rest = files;
    while (rest.length > 0) {
      const out = join(dir, `facts-${results.length}.jsonl`);
      const run = spawnSync(process.execPath, [fileURLToPath(child), out], {
        input: JSON.stringify(rest),
        stdio: ['pipe', 'ignore', 'pipe'],
        timeout: CHILD_TIMEOUT_MS,
        maxBuffer: 1024 * 1024,
      });
      const done = finishedFacts(out);
      results.push(...done);
      if (run.status === 0 && done.length === rest.length) break;
      // The child writes each file's facts before it starts the next, so the first file without
      // facts is the one it died on.
      const victim = rest[done.length]!;
      results.push(crashed(victim, `killed the parser (${death(run)}); no imports or exports were read`));
      rest = rest.slice(done.length + 1);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return results;
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

function death(run: ReturnType<typeof spawnSync>): string {
  if (run.error && (run.error as NodeJS.ErrnoException).code === 'ETIMEDOUT')
    return `no answer within ${CHILD_TIMEOUT_MS / 1000} s`;
  if (run.signal) return run.signal;
  const said = run.stderr?.toString().trim().split('\n')[0];
  return `exit ${run.status}${said ? `: ${said}` : ''}`;
}

function crashed(file: IsolatedJob, what: string): ModuleFacts {
  const sink = new FactSink(file.path, file.text);
  sink.addFileCoverage('parser-crashed', `The file ${what}.`);
  return sink.result();
}
