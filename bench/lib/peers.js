// The tools the benchmark runs, each as { name, group, prepare?, command, parse }. `prepare` runs
// before every timed run and is not timed (e.g. deleting proofmap's cache for a cold scan).
import {
  appendFileSync,
  existsSync,
  readFileSync,
  realpathSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { depcruisePairs, madgePairs, peerPairs, proofmapPairs } from './edges.js';
import { isTs, walk } from './walk.js';
import { measureWatch } from './watch.js';
import { measureCliWithWatcher } from './watch-cli.js';

const node = process.execPath;

export function definePeers(ctx) {
  const { main, repo, work } = ctx;
  const threads = availableParallelism();
  const cli = join(main, 'bin', 'proofmap.js');
  const bin = (name) => realpathSync(join(main, 'node_modules', '.bin', name));
  const scan = {
    command: () => [node, [cli, 'scan', repo, '--json'], main],
    parse: (out) => proofmapPairs(out, repo),
  };
  // bin/proofmap.js loads the compiled dist/; without a build it would fail with a module error.
  const missingCli = !existsSync(cli)
    ? 'bin/proofmap.js not found (the CLI is not written yet)'
    : !existsSync(join(main, 'dist'))
      ? 'dist/ not built; run `npm run build` first'
      : null;
  const target = ['packages', 'src'].find((d) => existsSync(join(repo, d))) ?? '.';
  const tsconfig = existsSync(join(repo, 'tsconfig.json')) ? ['--ts-config', 'tsconfig.json'] : [];
  const touched = touchTarget(repo);
  const tsPairs = join(work, 'ts-api-pairs.txt');
  return [
    {
      name: 'proofmap cold',
      group: 'proofmap',
      skip: missingCli,
      ...scan,
      prepare: () => rmSync(join(repo, '.proofmap'), { recursive: true, force: true }),
    },
    {
      // Rounds are interleaved, so this runs right after a cold scan: the listing cache (kept from
      // the second scan on, once the stamps of the cold scan's own .proofmap/ are old enough to
      // trust) is built here, once per cold scan.
      name: 'proofmap first rescan',
      group: 'proofmap',
      skip: missingCli,
      ...scan,
      warmup: true,
    },
    // Every later rescan of an unchanged tree: what an agent's repeated scans cost.
    { name: 'proofmap no-change', group: 'proofmap', skip: missingCli, ...scan, warmup: true },
    {
      // Same bytes, new mtime: what an editor's save without changes or a checkout does.
      name: 'proofmap touched',
      group: 'proofmap',
      skip: missingCli,
      ...scan,
      warmup: true,
      prepare: () => touched.touchOnly(),
      note: touched.path,
    },
    {
      name: 'proofmap edit-1',
      group: 'proofmap',
      skip: missingCli,
      ...scan,
      warmup: true,
      prepare: (round) => touched.touch(round),
      cleanup: () => touched.restore(),
      note: touched.path,
    },
    {
      // An agent's common edit: an exported name renamed, its importers now naming what is gone.
      name: 'proofmap export-renamed',
      group: 'proofmap',
      skip: missingCli,
      ...scan,
      warmup: true,
      prepare: (round) => touched.renameExport(round),
      cleanup: () => touched.restore(),
      note: `${touched.path}: ${touched.exported ?? '(no export)'} renamed`,
    },
    {
      name: 'proofmap watch',
      group: 'proofmap',
      skip: missingCli,
      warmup: true,
      ...scan,
      custom: () => measureWatch({ cli, repo, target: touched.path }),
      note: `edits of ${touched.path}, per event source (inotify, parcel) in alternating blocks`,
    },
    // The same three rescans from the CLI while a watcher runs: the watcher answers them.
    withWatcher('no-change', () => {}),
    withWatcher('touched', () => touched.touchOnly(), touched.path),
    withWatcher('edit-1', (i) => touched.touch(`watcher ${i}`), touched.path),
    {
      // What the edit gate asks an agent to run before it edits a load-bearing file: the CLI's
      // answer from the index, with every transitive dependent counted.
      name: 'proofmap impact',
      group: 'proofmap',
      skip: missingCli || (touched.path ? null : 'no TypeScript file to ask about'),
      warmup: true,
      command: () => [node, [cli, 'impact', touched.path, repo, '--json'], main],
      parse: (out) => ({ pairs: null, details: { total: JSON.parse(out).total } }),
      note: `${touched.path}: every transitive dependent`,
    },
    // The same question while a watcher runs: asked again with nothing changed (the watcher's kept
    // session answers), and right after an edit (the watcher applies it, then opens a session on
    // the new index first).
    withWatcher('impact', () => {}, touched.path, ['impact', touched.path, '--json']),
    withWatcher('impact after edit-1', (i) => touched.touch(`impact ${i}`), touched.path, [
      'impact',
      touched.path,
      '--json',
    ]),
    {
      name: 'depcruise',
      group: 'depcruise',
      // node_modules/.bin/depcruise is a symlink to this script; running it with our own node keeps
      // every tool on the same Node version.
      command: () => [
        node,
        [
          bin('depcruise'),
          target,
          '--no-config',
          '--ts-pre-compilation-deps',
          ...tsconfig,
          '--exclude',
          'node_modules',
          '--output-type',
          'json',
          '--progress',
          'none',
        ],
        repo,
      ],
      parse: (out) => depcruisePairs(out),
    },
    {
      name: 'madge',
      group: 'madge',
      command: () => [
        node,
        [bin('madge'), '--json', '--no-spinner', '--extensions', 'ts,tsx,js', ...tsconfig, target],
        repo,
      ],
      parse: (out) => madgePairs(out, target),
    },
    {
      name: 'ts-api',
      group: 'ts-api',
      prepare: () => rmSync(tsPairs, { force: true }),
      command: () => [node, [join(main, 'bench', 'peers', 'ts-api.js'), repo, '--pairs', tsPairs], main],
      parse: (out) => peerPairs(out, tsPairs),
    },
    floor('floor 1 thread', 1, false, true),
    floor(`floor ${threads} threads`, threads, false, true),
    floor(`floor+AST ${threads} threads`, threads, true),
    // The rescans' floor: proofmap no-change / touched are compared with these, not with a parse.
    statFloor('floor node start', ['--start-only']),
    statFloor('floor stat walk', []),
  ];

  function withWatcher(rescan, prepare, note, query) {
    return {
      name: `proofmap ${rescan} (watcher)`,
      group: 'proofmap',
      skip:
        missingCli ||
        (query && !touched.path ? 'no TypeScript file to ask about' : null) ||
        (process.platform === 'linux' ? null : 'the watcher answers the CLI on Linux only'),
      warmup: true,
      ...scan,
      custom: () => measureCliWithWatcher({ cli, repo, work, prepare, query }),
      cleanup: () => touched.restore(),
      note: `${note ? `${note}; ` : ''}\`proofmap watch\` running`,
    };
  }

  function statFloor(name, extra) {
    return {
      name,
      group: 'floor',
      command: () => [node, [join(main, 'bench', 'peers', 'stat-floor.js'), repo, ...extra], main],
      parse: (out) => ({ pairs: null, details: JSON.parse(out) }),
    };
  }

  function floor(name, n, ast, reference = false) {
    const args = [
      join(main, 'bench', 'peers', 'floor.js'),
      repo,
      '--threads',
      String(n),
      ...(ast ? ['--ast'] : []),
    ];
    return {
      name,
      group: 'floor',
      reference,
      command: () => [node, args, main],
      parse: (out) => ({ pairs: null, details: JSON.parse(out) }),
    };
  }
}

// Rescan after an edit: append a comment to the middle TS file (by sorted path), a different one
// each round so the content hash really changes; the original text is put back at the end.
function touchTarget(repo) {
  const files = existsSync(repo) ? walk(repo, isTs) : [];
  const path = files[Math.floor(files.length / 2)];
  if (!path) return { path: null, touch: () => {}, renameExport: () => {}, restore: () => {} };
  const abs = join(repo, path);
  const original = readFileSync(abs);
  const exported = /^export (?:const|function|class) ([A-Za-z_$][\w$]*)/m.exec(
    original.toString('utf8'),
  )?.[1];
  return {
    path,
    exported,
    // Each round renames the original name anew: the previous round's name goes, a new one comes.
    renameExport: (round) =>
      exported &&
      writeFileSync(
        abs,
        original.toString('utf8').replace(new RegExp(`\\b${exported}\\b`, 'g'), `${exported}R${round}`),
      ),
    touch: (round) => appendFileSync(abs, `\n// bench touch ${round}\n`),
    touchOnly: () => {
      const now = new Date();
      utimesSync(abs, now, now);
    },
    restore: () => writeFileSync(abs, original),
  };
}
