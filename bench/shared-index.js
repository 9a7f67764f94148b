#!/usr/bin/env node
// The shared index on PostgreSQL against the generated 7k-file monorepo: publish cold, publish
// after a one-file commit (incremental), and query latency (impact, refs, search) from the
// database against the local index, in-process through the one QueryStore interface, and through
// the CLI as a user runs it. Copies the repository (never writes into
// bench/.work/repo-7k) and starts its own throwaway cluster. Needs `npm run build` first.
//
//   node bench/shared-index.js [--repo bench/.work/repo-7k] [--rounds 20]
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { readMapFile } from '../dist/map/emit.js';
import { impact } from '../dist/query/impact.js';
import { refs } from '../dist/query/refs.js';
import { searchStore } from '../dist/query/search.js';
import { openStoreSession } from '../dist/query/session.js';
import { openIndex } from '../dist/store/index.js';
import { localStore } from '../dist/store/local-store.js';
import { migratePg, openDb, publishMap, sharedStore } from '../dist/store/pg/index.js';
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
  // As `proofmap publish` does: the scan's cached signals and search rows go with the map.
  const signalsOf = () => {
    const store = openIndex(root, { readonly: true });
    const signals = store.getSignals('signals');
    const search = store.searchSources();
    store.close();
    return { signals, search };
  };
  const [cold, first] = await time(() =>
    publishMap(sql, 'repo-7k', git('rev-parse', 'HEAD'), map, signalsOf()),
  );
  const [same] = await time(() => publishMap(sql, 'repo-7k', git('rev-parse', 'HEAD'), map, signalsOf()));
  // One file changed: a new export in the most imported file's package.
  const file = map.nodes.find((n) => n.kind === 'file' && n.path.endsWith('.ts')).path;
  fs.appendFileSync(path.join(root, file), '\nexport const benchAdded = 1;\n');
  git('add', '-A');
  git('commit', '-qm', 'one file');
  execFileSync(process.execPath, [bin, 'scan', root], { stdio: 'ignore' });
  const next = readMapFile(root);
  const [one, second] = await time(() =>
    publishMap(sql, 'repo-7k', git('rev-parse', 'HEAD'), next, signalsOf()),
  );
  console.log(`repo-7k: ${map.nodes.length} nodes, ${map.edges.length} edges`);
  console.log(
    `publish cold            ${cold.toFixed(0)} ms (${first.nodes.written + first.edges.written} rows)`,
  );
  console.log(`publish same commit     ${same.toFixed(0)} ms (nothing written)`);
  console.log(
    `publish one-file commit ${one.toFixed(0)} ms (${second.nodes.written} nodes, ${second.edges.written} edges, ${second.search.written} search paths written, ${second.nodes.closed + second.edges.closed + second.search.closed} retired)`,
  );
  const cliPublish = (() => {
    const t = performance.now();
    execFileSync(process.execPath, [bin, 'publish', root, '--repo', 'repo-7k-cli'], {
      stdio: 'ignore',
      env: { ...process.env, PROOFMAP_DB: cluster.url },
    });
    return performance.now() - t;
  })();
  console.log(`CLI publish cold (process, read map + index, migrate, write) ${cliPublish.toFixed(0)} ms`);

  // Query latency: opening a session (reading the map) and answering, in-process.
  const target = file;
  const local = [];
  const db = [];
  const open = { local: [], db: [] };
  const searched = { local: [], db: [] };
  const dbStore = sharedStore(cluster.url, 'repo-7k');
  const word = path.posix.basename(target).replace(/\.[^.]*$/, '');
  // The first search against the database loads the commit's rows into memory; later ones reuse them.
  const [firstSearch] = await time(async () => {
    await dbStore.version();
    return searchStore(dbStore, word);
  });
  for (let i = 0; i < rounds; i++) {
    const localStoreNow = localStore(root);
    let [t, s] = await time(() => openStoreSession(localStoreNow, root));
    open.local.push(t);
    [t] = await time(() => {
      impact(s, target, { limit: 50 });
      refs(s, target, { limit: 50 });
    });
    local.push(t);
    [t] = await time(() => searchStore(localStoreNow, word));
    searched.local.push(t);
    s.close();
    await localStoreNow.close();
    [t, s] = await time(() => openStoreSession(dbStore, root));
    open.db.push(t);
    [t] = await time(() => {
      impact(s, target, { limit: 50 });
      refs(s, target, { limit: 50 });
    });
    db.push(t);
    [t] = await time(() => searchStore(dbStore, word));
    searched.db.push(t);
    s.close();
  }
  await dbStore.close();
  console.log(
    `open session (read map) median: local ${median(open.local).toFixed(0)} ms, db ${median(open.db).toFixed(0)} ms`,
  );
  console.log(
    `impact + refs median:           local ${median(local).toFixed(1)} ms, db ${median(db).toFixed(1)} ms`,
  );
  console.log(
    `search median:                  local ${median(searched.local).toFixed(1)} ms, db ${median(searched.db).toFixed(1)} ms (first db search, loading the rows: ${firstSearch.toFixed(0)} ms)`,
  );
  // The end-to-end CLI, as a user runs it: one process per answer.
  const cli = (env, args) => {
    const t = performance.now();
    const repo = env.PROOFMAP_DB ? ['--repo', 'repo-7k'] : [];
    execFileSync(process.execPath, [bin, ...args, '--root', root, ...repo, '--json'], {
      stdio: 'ignore',
      env: { ...process.env, ...env },
    });
    return performance.now() - t;
  };
  for (const args of [
    ['impact', target],
    ['search', word],
  ]) {
    const cliLocal = [];
    const cliDb = [];
    for (let i = 0; i < 5; i++) {
      cliLocal.push(cli({}, args));
      cliDb.push(cli({ PROOFMAP_DB: cluster.url }, args));
    }
    console.log(
      `CLI ${args[0].padEnd(6)} median:              local ${median(cliLocal).toFixed(0)} ms, db ${median(cliDb).toFixed(0)} ms`,
    );
  }
} finally {
  await sql.end();
  await cluster.stop();
  fs.rmSync(work, { recursive: true, force: true });
}
