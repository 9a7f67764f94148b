// The resident watcher as an agent's editor meets it: `proofmap watch <repo> --json --stdin` runs
// as a child; each edit appends a line to one file, and the time is taken from the write to the
// update line the watcher prints (its `ms` field is first event → index commit, when a query
// answers fresh; the wall time here also covers writing map.json and the event's delivery).
import { spawn } from 'node:child_process';
import { appendFileSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { childEnv, percentile } from './measure.js';

export async function measureWatch({ cli, repo, target, edits = 20, timeoutMs = 120_000 }) {
  const child = spawn(process.execPath, [cli, 'watch', repo, '--json', '--stdin'], {
    stdio: ['pipe', 'pipe', 'inherit'],
    env: childEnv(),
  });
  const lines = createInterface({ input: child.stdout });
  const waiting = [];
  const seen = [];
  lines.on('line', (line) => {
    const message = JSON.parse(line);
    seen.push(message);
    waiting.shift()?.(message);
  });
  const next = () =>
    new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('watch: no update in time')), timeoutMs);
      waiting.push((m) => {
        clearTimeout(timer);
        resolve(m);
      });
    });
  const abs = join(repo, target);
  const original = readFileSync(abs);
  try {
    await next(); // ready (after its own first scan)
    const index = [];
    const wall = [];
    const modes = new Map();
    for (let i = 0; i < edits; i++) {
      const update = next();
      const t0 = performance.now();
      appendFileSync(abs, `\n// bench watch ${i} ${Date.now()}\n`);
      const u = await update;
      wall.push(performance.now() - t0);
      index.push(u.ms);
      modes.set(u.mode, (modes.get(u.mode) ?? 0) + 1);
      await new Promise((r) => setTimeout(r, 50));
    }
    const r = (x) => Math.round(x * 10) / 10;
    return {
      ms: percentile(wall, 50),
      details: {
        watch: {
          n: edits,
          indexP50: r(percentile(index, 50)),
          indexP95: r(percentile(index, 95)),
          wallP50: r(percentile(wall, 50)),
          wallP95: r(percentile(wall, 95)),
          modes: [...modes].map(([m, n]) => `${n} ${m}`).join(', '),
        },
      },
    };
  } finally {
    child.stdin.end();
    await new Promise((r) => child.once('close', r));
    writeFileSync(abs, original);
  }
}
