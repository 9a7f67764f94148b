#!/usr/bin/env node
// The shared index on PostgreSQL against the generated 7k-file monorepo: publish cold, publish
// after a one-file commit (incremental), and query latency (impact, refs) from the database
// against the local index, in-process. Copies the repository (never writes into
// bench/.work/repo-7k) and starts its own throwaway cluster. Needs `npm run build` first.
//
//   node bench/shared-index.js [--repo bench/.work/repo-7k] [--rounds 20]
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { readMapFile } from '../dist/map/emit.js';
import { openDbSession } from '../dist/query/db-session.js';
import { impact } from '../dist/query/impact.js';
import { refs } from '../dist/query/refs.js';
import { openSession } from '../dist/query/session.js';
import { openIndex } from '../dist/store/index.js';
import { migratePg, openDb, publishMap } from '../dist/store/pg/index.js';
import { startCluster } from '../scripts/pg-cluster.mjs';

const { values } = parseArgs({
  options: {
    repo: { type: 'string', default: 'bench/.work/repo-7k' },
    rounds: { type: 'string', default: '20' },
  },
});
const rounds = Number(values.rounds);
const source = path.resolve(values.repo);
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'proofmap-shared-bench-'));
const root = path.join(work, 'repo');
const bin = path.resolve('bin/proofmap.js');
const git = (...args) =>
  execFileSync('git', ['-c', 'user.email=b@b', '-c', 'user.name=b', ...args], {
    cwd: root,
    encoding: 'utf8',
  }).trim();
const time = async (fn) => {
  const t = performance.now();
  const r = await fn();
  return [performance.now() - t, r];
};
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

fs.cpSync(source, root, { recursive: true });
execFileSync(process.execPath, [bin, 'scan', root], { stdio: 'ignore' });
const cluster = await startCluster();
const sql = openDb(cluster.url);
try {
  await migratePg(sql);
  const map = readMapFile(root);
  // As `proofmap publish` does: the scan's cached signals go with the map.
  const signalsOf = () => {
    const store = openIndex(root, { readonly: true });
    const signals = store.getSignals('signals');
    store.close();
    return signals;
  };
  const [cold, first] = await time(() =>
    publishMap(sql, 'repo-7k', git('rev-parse', 'HEAD'), map, { signals: signalsOf() }),
  );
  const [same] = await time(() =>
    publishMap(sql, 'repo-7k', git('rev-parse', 'HEAD'), map, { signals: signalsOf() }),
  );
  // One file changed: a new export in the most imported file's package.
  const file = map.nodes.find((n) => n.kind === 'file' && n.path.endsWith('.ts')).path;
  fs.appendFileSync(path.join(root, file), '\nexport const benchAdded = 1;\n');
  git('add', '-A');
  git('commit', '-qm', 'one file');
  execFileSync(process.execPath, [bin, 'scan', root], { stdio: 'ignore' });
  const next = readMapFile(root);
  const [one, second] = await time(() =>
    publishMap(sql, 'repo-7k', git('rev-parse', 'HEAD'), next, { signals: signalsOf() }),
  );
  console.log(`repo-7k: ${map.nodes.length} nodes, ${map.edges.length} edges`);
  console.log(
    `publish cold            ${cold.toFixed(0)} ms (${first.nodes.written + first.edges.written} rows)`,
  );
  console.log(`publish same commit     ${same.toFixed(0)} ms (nothing written)`);
  console.log(
    `publish one-file commit ${one.toFixed(0)} ms (${second.nodes.written} nodes, ${second.edges.written} edges written, ${second.nodes.closed + second.edges.closed} retired)`,
  );

  // Query latency: opening a session (reading the map) and answering, in-process.
  const target = file;
  const local = [];
  const db = [];
  const open = { local: [], db: [] };
  for (let i = 0; i < rounds; i++) {
    let [t, s] = await time(() => openSession(root));
    open.local.push(t);
    [t] = await time(() => {
      impact(s, target, { limit: 50 });
      refs(s, target, { limit: 50 });
    });
    local.push(t);
    s.close();
    [t, s] = await time(() => openDbSession(sql, root, 'repo-7k'));
    open.db.push(t);
    [t] = await time(() => {
      impact(s.session, target, { limit: 50 });
      refs(s.session, target, { limit: 50 });
    });
    db.push(t);
  }
  console.log(
    `open session (read map) median: local ${median(open.local).toFixed(0)} ms, db ${median(open.db).toFixed(0)} ms`,
  );
  console.log(
    `impact + refs median:           local ${median(local).toFixed(1)} ms, db ${median(db).toFixed(1)} ms`,
  );
  // The end-to-end CLI, as a user runs it.
  const cli = (env) => {
    const t = performance.now();
    const repo = env.PROOFMAP_DB ? ['--repo', 'repo-7k'] : [];
    execFileSync(process.execPath, [bin, 'impact', target, '--root', root, ...repo, '--json'], {
      stdio: 'ignore',
      env: { ...process.env, ...env },
    });
    return performance.now() - t;
  };
  const cliLocal = [];
  const cliDb = [];
  for (let i = 0; i < 5; i++) {
    cliLocal.push(cli({}));
    cliDb.push(cli({ PROOFMAP_DB: cluster.url }));
  }
  console.log(
    `CLI impact median:              local ${median(cliLocal).toFixed(0)} ms, db ${median(cliDb).toFixed(0)} ms`,
  );
} finally {
  await sql.end();
  await cluster.stop();
  fs.rmSync(work, { recursive: true, force: true });
}
