// `proofmap scan` from the CLI while a watcher runs: the CLI asks the watcher over its socket
// instead of stat'ing the tree (src/resident/scan-socket.ts). A `proofmap watch <repo> --json
// --stdin` child runs through the whole measurement; each sample is one CLI process, timed from
// spawn to exit as the other rows are, after the same preparation as the row without a watcher
// (nothing, a touch, or an appended line written just before the CLI starts).
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { childEnv, percentile, runOnce } from './measure.js';

export async function measureCliWithWatcher({ cli, repo, work, prepare, runs = 9, timeoutMs = 120_000 }) {
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
    await scanOnce(); // the first connection, untimed
    const samples = [];
    for (let i = 0; i < runs; i++) {
      prepare(i);
      samples.push(await scanOnce());
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
