/**
 * Go's own answer to "which package imports which": `go list -e -deps -test -json ./...` run in
 * every module of a tree, turned into package-directory edges. go list evaluates one build
 * configuration (this machine's GOOS/GOARCH, default tags), so it names the files it compiled;
 * the comparison restricts our edges to those files (we keep the others, with their condition on
 * the evidence, where go list cannot see them).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, realpathSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ProofMap } from '../../src/map/schema.js';

export const goVersion = (() => {
  const r = spawnSync('go', ['version'], { encoding: 'utf8' });
  return r.status === 0 ? r.stdout.trim() : undefined;
})();

interface Listed {
  ImportPath: string;
  Dir?: string;
  ForTest?: string;
  GoFiles?: string[];
  CgoFiles?: string[];
  TestGoFiles?: string[];
  XTestGoFiles?: string[];
  Imports?: string[];
  TestImports?: string[];
  XTestImports?: string[];
}

const cache = mkdtempSync(path.join(os.tmpdir(), 'proofmap-gocache-'));

/** Every package go list reports for the module in `dir`, test variants dropped. */
export function goList(dir: string, workspace: boolean): Listed[] {
  // -e: packages that fail to load (an undeclared external module, offline) are still listed.
  const run = spawnSync('go', ['list', '-e', '-deps', '-test', '-json', './...'], {
    cwd: dir,
    encoding: 'utf8',
    maxBuffer: 1 << 28,
    env: {
      ...process.env,
      GOWORK: workspace ? '' : 'off',
      GOPROXY: 'off',
      // Outside a workspace, missing go.sum lines must not stop the listing; a workspace forbids -mod.
      GOFLAGS: workspace ? '' : '-mod=mod',
      GOCACHE: cache,
      GOTOOLCHAIN: 'local',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const out = run.stdout;
  if (!out.trim()) throw new Error(`go list in ${dir} printed nothing: ${run.stderr.slice(0, 400)}`);
  return JSON.parse(`[${out.replace(/^}\n{/gm, '},{')}]`) as Listed[];
}

export interface GoTruth {
  /** `importerDir|importedDir`, repo-relative. */
  edges: Set<string>;
  /** Files go list compiled, repo-relative: the only importers it can speak for. */
  files: Set<string>;
}

/** Truth over the modules at `moduleDirs` (repo-relative), read from `listRoot` (may differ from the scanned copy). */
export function goTruth(listRoot: string, moduleDirs: { dir: string; workspace: boolean }[]): GoTruth {
  const packages: Listed[] = moduleDirs.flatMap((m) => goList(path.join(listRoot, m.dir), m.workspace));
  // go reports real paths (GOROOT/src is a symlink on Debian).
  const real = realpathSync(listRoot);
  const rel = (abs: string) => path.relative(real, abs).split(path.sep).join('/');
  const dirOf = new Map<string, string>();
  for (const p of packages) if (p.Dir) dirOf.set(p.ImportPath.replace(/ \[.*\]$/, ''), p.Dir);
  const edges = new Set<string>();
  const files = new Set<string>();
  for (const p of packages) {
    if (!p.Dir || p.ForTest || p.ImportPath.endsWith('.test')) continue;
    const from = rel(p.Dir);
    if (from.startsWith('..')) continue;
    const groups: [string[] | undefined, string[] | undefined][] = [
      [[...(p.GoFiles ?? []), ...(p.CgoFiles ?? [])], p.Imports],
      [p.TestGoFiles, p.TestImports],
      [p.XTestGoFiles, p.XTestImports],
    ];
    for (const [names, imports] of groups) {
      if (!names?.length) continue;
      for (const n of names) files.add(from === '' ? n : `${from}/${n}`);
      for (const imp of imports ?? []) {
        const dir = dirOf.get(imp);
        if (dir && !rel(dir).startsWith('..')) edges.add(`${from}|${rel(dir)}`);
      }
    }
  }
  return { edges, files };
}

/** Our package-directory edges from the files go list compiled, to packages inside the repository. */
export function ourGoEdges(map: ProofMap, files: ReadonlySet<string>): Set<string> {
  const byId = new Map(map.nodes.map((n) => [n.id, n]));
  const out = new Set<string>();
  for (const e of map.edges) {
    if (e.relation !== 'imports') continue;
    const from = byId.get(e.from)?.path;
    const to = byId.get(e.to);
    if (!from || !files.has(from) || !to?.key.startsWith('go:')) continue;
    const dir = from.includes('/') ? from.slice(0, from.lastIndexOf('/')) : '';
    out.add(`${dir}|${to.path === '.' ? '' : to.path}`);
  }
  return out;
}

export function agreement(ours: Set<string>, truth: Set<string>) {
  const both = [...ours].filter((e) => truth.has(e)).length;
  return { ours: ours.size, truth: truth.size, both, precision: both / ours.size, recall: both / truth.size };
}
