/**
 * Go edges against Go's own answer (`go list -e -deps -test -json ./...`, helpers/go-truth.ts), on
 * generated modules (a go.work workspace, a module outside it reaching a sibling through a local
 * `replace`, tests and external tests, build-tagged files) and on real code nobody here wrote: Go's
 * own standard library (the `std` module under GOROOT/src). Internal edges (package dir → package
 * dir) must agree ≥ 99 % both ways; every file go list compiled must be contained by its package.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { ProofMap } from '../../src/map/schema.js';
import { scan } from '../../src/scan.js';
import { agreement, goTruth, goVersion, ourGoEdges } from '../helpers/go-truth.js';

if (!goVersion) console.warn('go truth test skipped: go is not installed (apt-get install golang-go)');

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});
const tmp = (name: string) => {
  const d = mkdtempSync(path.join(os.tmpdir(), `proofmap-${name}-`));
  dirs.push(d);
  return d;
};

/** Every file in a `contains` edge from its directory's package node. */
function contained(map: ProofMap): Set<string> {
  const byId = new Map(map.nodes.map((n) => [n.id, n]));
  return new Set(
    map.edges
      .filter((e) => e.relation === 'contains' && byId.get(e.from)?.key.startsWith('go:'))
      .map((e) => byId.get(e.to)!.path!),
  );
}

async function compare(scanRoot: string, listRoot: string, modules: { dir: string; workspace: boolean }[]) {
  const { map } = await scan({ root: scanRoot, write: false });
  const truth = goTruth(listRoot, modules);
  const packageDirs = new Set(
    map.nodes.filter((n) => n.key.startsWith('go:')).map((n) => (n.path === '.' ? '' : n.path!)),
  );
  // Only what we could see: go list also reports vendor/ packages, which a walk without git skips.
  const truthEdges = new Set(
    [...truth.edges].filter((e) => e.split('|').every((dir) => packageDirs.has(dir))),
  );
  const scanned = new Set(map.nodes.map((n) => n.path));
  const files = new Set([...truth.files].filter((f) => scanned.has(f)));
  const ours = ourGoEdges(map, files);
  const score = agreement(ours, truthEdges);
  console.info(`go truth (${scanRoot}, ${files.size} files go list compiled): ${JSON.stringify(score)}`);
  const onlyOurs = [...ours].filter((e) => !truthEdges.has(e));
  const onlyTruth = [...truthEdges].filter((e) => !ours.has(e));
  if (onlyOurs.length + onlyTruth.length > 0) console.info({ onlyOurs, onlyTruth });
  const inPackages = contained(map);
  // A file outside every package must say why in coverage (a 1.5 MB generated file is skipped for size).
  const explained = new Set(map.coverage.map((c) => c.scope.replace(/:\d+$/, '')));
  const loose = [...files].filter((f) => !inPackages.has(f) && !explained.has(f));
  return { score, loose, map };
}

/** A deterministic workspace: `mods` modules of `pkgs` packages, each importing earlier ones. */
function generateWorkspace(root: string, mods: number, pkgs: number): { dir: string; workspace: boolean }[] {
  let seed = 7;
  const rand = (n: number) => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed % n;
  };
  const write = (rel: string, text: string) => {
    mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    writeFileSync(path.join(root, rel), text);
  };
  const modulePath = (m: number) => `example.com/gen/m${m}`;
  const uses: string[] = [];
  for (let m = 0; m < mods; m++) {
    const requires = Array.from({ length: m }, (_, k) => `\t${modulePath(k)} v0.0.0`).join('\n');
    const replaces = Array.from({ length: m }, (_, k) => `replace ${modulePath(k)} => ../m${k}`).join('\n');
    write(`m${m}/go.mod`, `module ${modulePath(m)}\n\ngo 1.19\n\nrequire (\n${requires}\n)\n\n${replaces}\n`);
    uses.push(`\t./m${m}`);
    for (let p = 0; p < pkgs; p++) {
      const dir = p % 3 === 0 ? `m${m}/internal/p${p}` : `m${m}/p${p}`;
      const targets = new Set<string>();
      for (let i = 0; i < 3 && (p > 0 || m > 0); i++) {
        const tm = rand(m + 1);
        const tp = tm === m ? rand(Math.max(p, 1)) : rand(pkgs);
        if (tm === m && tp >= p) continue;
        // internal/ packages are importable only inside their module.
        if (tp % 3 === 0 && tm !== m) continue;
        targets.add(`${modulePath(tm)}/${tp % 3 === 0 ? `internal/p${tp}` : `p${tp}`}`);
      }
      const imports = [...targets].sort();
      const use = imports.map((_t, i) => `var _ = x${i}.Name`).join('\n');
      const spec = imports.map((t, i) => `\tx${i} "${t}"`).join('\n');
      write(
        `${dir}/a.go`,
        `package p${p}\n\nimport (\n\t"fmt"\n${spec}\n)\n\nconst Name = "p${p}"\n\nvar _ = fmt.Sprint\n${use}\n`,
      );
      write(`${dir}/b_linux.go`, `package p${p}\n\nimport "os"\n\nvar Host, _ = os.Hostname()\n`);
      write(`${dir}/c_windows.go`, `package p${p}\n\nimport "syscall"\n\nvar _ = syscall.Getpid\n`);
      write(`${dir}/a_test.go`, `package p${p}\n\nimport "testing"\n\nfunc TestA(t *testing.T) { _ = t }\n`);
      write(
        `${dir}/x_test.go`,
        `package p${p}_test\n\nimport (\n\t"testing"\n\n\tself "${modulePath(m)}/${dir.slice(dir.indexOf('/') + 1)}"\n)\n\nfunc TestX(t *testing.T) { _ = self.Name; _ = t }\n`,
      );
    }
  }
  write('go.work', `go 1.19\n\nuse (\n${uses.join('\n')}\n)\n`);
  // A module outside the workspace: it reaches m0 through its own replace directive.
  write(
    'solo/go.mod',
    `module example.com/solo\n\ngo 1.19\n\nrequire ${modulePath(0)} v0.0.0\n\nreplace ${modulePath(0)} => ../m0\n`,
  );
  write('solo/main.go', `package main\n\nimport "${modulePath(0)}/p1"\n\nfunc main() { _ = p1.Name }\n`);
  return [
    ...Array.from({ length: mods }, (_, m) => ({ dir: `m${m}`, workspace: true })),
    { dir: 'solo', workspace: false },
  ];
}

describe.skipIf(!goVersion)('Go edges agree with go list -deps -json', () => {
  it('on generated workspace modules (replace, tests, build-tagged files)', {
    timeout: 300_000,
  }, async () => {
    const root = tmp('gogen');
    const modules = generateWorkspace(root, 4, 30);
    const { score, loose, map } = await compare(root, root, modules);
    expect(score.truth).toBeGreaterThan(200);
    expect(score).toMatchObject({ precision: 1, recall: 1 });
    expect(loose).toEqual([]);
    // The windows-only files go list did not compile are in the map, their condition on the edge.
    const windows = map.edges.find(
      (e) => e.evidence[0]?.path.endsWith('c_windows.go') && e.relation === 'imports',
    );
    expect(windows?.evidence[0]?.condition).toBe('file:windows');
  });

  it('on the fixture of every form', async () => {
    const root = tmp('goforms');
    cpSync(new URL('../fixtures/go-forms', import.meta.url), root, { recursive: true });
    const modules = [
      { dir: 'app', workspace: true },
      { dir: 'lib', workspace: true },
      { dir: 'solo', workspace: false },
    ];
    const { score, loose } = await compare(root, root, modules);
    expect(score.truth).toBeGreaterThanOrEqual(4);
    expect(score).toMatchObject({ precision: 1, recall: 1 });
    expect(loose).toEqual([]);
  });

  it("on Go's own standard library (GOROOT/src, the std module)", { timeout: 900_000 }, async () => {
    const goroot = execGoroot();
    const src = path.join(goroot, 'src');
    const root = tmp('gostd');
    // cmd/ is a module of its own; PROOFMAP_GO_TRUTH_FULL=1 scans every std package, else a sample.
    const full = process.env.PROOFMAP_GO_TRUTH_FULL === '1';
    const sample = new Set([
      'go.mod',
      'net',
      'encoding',
      'go',
      'crypto',
      'internal',
      'runtime',
      'os',
      'io',
      'fmt',
      'sync',
      'errors',
      'unicode',
      'strconv',
      'reflect',
      'sort',
      'math',
      'strings',
      'bytes',
      'syscall',
      'time',
      'unsafe',
      'path',
      'context',
      'bufio',
      'testing',
      'flag',
      'regexp',
      'text',
      'log',
    ]);
    for (const entry of readdirSync(src)) {
      if (entry === 'cmd' || (!full && !sample.has(entry))) continue;
      cpSync(path.join(src, entry), path.join(root, entry), { recursive: true });
    }
    const { score, loose } = await compare(root, src, [{ dir: '', workspace: false }]);
    expect(score.truth).toBeGreaterThan(1000);
    expect(score.precision).toBeGreaterThanOrEqual(0.99);
    expect(score.recall).toBeGreaterThanOrEqual(0.99);
    expect(loose).toEqual([]);
  });
});

function execGoroot(): string {
  return execFileSync('go', ['env', 'GOROOT'], { encoding: 'utf8' }).trim();
}
