// `proofmap scan`, or a query, from the CLI while a watcher runs: the CLI asks the watcher over its
// socket instead of stat'ing the tree or opening the index (src/resident/scan-socket.ts). A
// `proofmap watch <repo> --json --stdin` child runs through the whole measurement; each sample is
// one CLI process, timed from spawn to exit as the other rows are, after the same preparation as
// the row without a watcher (nothing, a touch, or an appended line written just before the CLI
// starts).
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { pathToFileURL } from 'node:url';
import { childEnv, percentile, runOnce } from './measure.js';

/**
 * `query`: the query's arguments (after the command) to time instead of a scan. Its output is the
 * CLI's either way, so the watcher is asked the same question directly first: a row the watcher
 * does not answer fails instead of timing the CLI alone under another name.
 */
export async function measureCliWithWatcher({
  cli,
  repo,
  work,
  prepare,
  query,
  runs = 9,
  timeoutMs = 120_000,
}) {
  const watcher = spawn(process.execPath, [cli, 'watch', repo, '--json', '--stdin'], {
    stdio: ['pipe', 'pipe', 'inherit'],
    env: { ...childEnv(), PROOFMAP_WATCH_EVENTS: 'inotify' },
  });
  const lines = createInterface({ input: watcher.stdout });
  const exited = new Promise((done) => watcher.once('exit', done));
  try {
    await new Promise((ready, failed) => {
      const timer = setTimeout(() => failed(new Error('watch: not ready in time')), timeoutMs);
      lines.on('line', (line) => {
        if (JSON.parse(line).ready) {
          clearTimeout(timer);
          ready();
        }
      });
      watcher.once('exit', (code) => failed(new Error(`watch exited with code ${code}`)));
    });
    const scanOnce = async () => {
      const run = await runOnce(process.execPath, [cli, 'scan', repo, '--json'], {
        cwd: repo,
        timeoutMs,
        work,
      });
      if (run.code !== 0 && run.code !== 1) throw new Error(`scan: exit ${run.code}: ${run.stderr.trim()}`);
      const mode = JSON.parse(run.stdout).mode;
      // Without the watcher's answer this row would time a plain rescan under another name.
      if (mode !== 'resident') throw new Error(`scan was not answered by the watcher (mode ${mode})`);
      return run.ms;
    };
    const queryOnce = async () => {
      const run = await runOnce(process.execPath, [cli, ...query, repo], { cwd: repo, timeoutMs, work });
      if (run.code !== 0) throw new Error(`${query[0]}: exit ${run.code}: ${run.stderr.trim()}`);
      return run.ms;
    };
    const once = query ? queryOnce : scanOnce;
    if (query) await answeredByWatcher(cli, repo, query);
    await once(); // the first connection, untimed
    const samples = [];
    for (let i = 0; i < runs; i++) {
      prepare(i);
      samples.push(await once());
    }
    const r = (x) => Math.round(x * 10) / 10;
    return {
      ms: percentile(samples, 50),
      details: { withWatcher: { p50: r(percentile(samples, 50)), p95: r(percentile(samples, 95)), runs } },
    };
  } finally {
    watcher.stdin.end();
    await exited;
  }
}

async function answeredByWatcher(cli, repo, [command, ...argv]) {
  const socket = pathToFileURL(join(cli, '..', '..', 'dist', 'resident', 'scan-socket.js')).href;
  const { askResidentQuery } = await import(socket);
  const answer = await askResidentQuery(repo, { command, argv: [...argv, repo], cwd: repo });
  if (!answer) throw new Error(`the watcher does not answer \`proofmap ${command}\``);
}
