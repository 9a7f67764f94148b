/**
 * Cargo's own answer for a Rust workspace: `cargo metadata --offline --no-deps` for the packages,
 * their targets (crate roots) and path dependencies, and the module tree from the dep-info files
 * `cargo build --offline --all-targets` writes (`target/debug/deps/*.d` lists every source file
 * of a crate, the root first: exactly the files its `mod` declarations reach). The test builds
 * both the normal and the test configuration of each library, so #[cfg(test)] modules are in.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** cargo on PATH, else rustup's default place (CI installs it there too). */
export const cargo = (() => {
  for (const candidate of ['cargo', path.join(os.homedir(), '.cargo/bin/cargo'), '/root/.cargo/bin/cargo']) {
    const r = spawnSync(candidate, ['--version'], { encoding: 'utf8' });
    if (r.status === 0) return { bin: candidate, version: r.stdout.trim() };
  }
  return undefined;
})();

interface Metadata {
  packages: {
    name: string;
    manifest_path: string;
    targets: { kind: string[]; name: string; src_path: string }[];
    dependencies: { name: string; path?: string }[];
  }[];
  workspace_root: string;
}

export interface CargoTruth {
  /** `crateRoot|moduleFile`, repo-relative: every file each target compiles, roots included. */
  modules: Set<string>;
  /** `manifest|manifest` for path dependencies, repo-relative. */
  dependsOn: Set<string>;
  /** Every target's crate root. */
  roots: string[];
  /** With `tolerant`: the directories cargo could not build offline, and its first error line. */
  skipped: string[];
}

const env = (target: string) => {
  const bin = cargo ? path.dirname(cargo.bin) : '';
  return {
    ...process.env,
    CARGO_TARGET_DIR: target,
    CARGO_NET_OFFLINE: 'true',
    PATH: bin && bin !== '.' ? `${bin}:${process.env.PATH}` : process.env.PATH,
  };
};

/**
 * `builds` are the cargo invocations (the generated workspace builds every target, then the test
 * configuration; a registry crate only its library, whose dev-dependencies may be absent), run
 * in each of `dirs` (relative to `root`: the workspace root, or each crate of a tree of crates).
 */
export function cargoTruth(
  root: string,
  options: { builds?: string[][]; dirs?: string[]; libOnly?: boolean; tolerant?: boolean } = {},
): CargoTruth {
  if (!cargo) throw new Error('cargo is not installed');
  const builds = options.builds ?? [
    ['build', '--all-targets'],
    ['build', '--all-targets', '--tests'],
  ];
  const target = mkdtempSync(path.join(os.tmpdir(), 'proofmap-cargo-target-'));
  const real = (p: string) => path.relative(root, p).split(path.sep).join('/');
  const dependsOn = new Set<string>();
  const roots: string[] = [];
  const skipped: string[] = [];
  const modules = new Set<string>();
  for (const dir of options.dirs ?? ['.']) {
    const cwd = path.join(root, dir);
    const meta = spawnSync(cargo.bin, ['metadata', '--offline', '--no-deps', '--format-version', '1'], {
      cwd,
      encoding: 'utf8',
      env: env(target),
      maxBuffer: 1 << 28,
    });
    if (meta.status !== 0) throw new Error(`cargo metadata in ${dir} failed: ${meta.stderr.slice(0, 400)}`);
    const metadata = JSON.parse(meta.stdout) as Metadata;
    const manifestOfDir = new Map(
      metadata.packages.map((p) => [path.dirname(p.manifest_path), p.manifest_path]),
    );
    const mine: string[] = [];
    for (const p of metadata.packages) {
      for (const t of p.targets) if (!options.libOnly || t.kind.includes('lib')) mine.push(real(t.src_path));
      for (const d of p.dependencies)
        if (d.path && manifestOfDir.has(d.path))
          dependsOn.add(`${real(p.manifest_path)}|${real(manifestOfDir.get(d.path)!)}`);
    }
    const started = Date.now();
    for (const args of builds) {
      const build = spawnSync(cargo.bin, [...args, '--offline', '--quiet'], {
        cwd,
        encoding: 'utf8',
        env: env(target),
      });
      if (build.status !== 0 && options.tolerant) {
        skipped.push(`${dir}: ${build.stderr.split('\n').find((l) => l.startsWith('error'))}`);
        mine.length = 0;
        break;
      }
      if (build.status !== 0)
        throw new Error(`cargo ${args.join(' ')} in ${dir} failed: ${build.stderr.slice(0, 800)}`);
    }
    roots.push(...mine);
    // A package's dep-info paths are relative to the directory cargo ran in; the target
    // directory is shared (dependencies build once), so only this run's files are this package's.
    readDepInfo(target, started, (source) => real(path.resolve(cwd, source)), new Set(mine), modules);
  }
  return { modules, dependsOn, roots, skipped };
}

/** Adds `crateRoot|file` for each dep-info file (`target/debug/{deps,build/*}/*.d`) of one of `roots`. */
function readDepInfo(
  target: string,
  since: number,
  repoPath: (source: string) => string,
  roots: ReadonlySet<string>,
  modules: Set<string>,
): void {
  const depsDir = path.join(target, 'debug/deps');
  const buildDir = path.join(target, 'debug/build');
  const depFiles = [
    ...(existsSync(depsDir) ? readdirSync(depsDir).map((f) => path.join(depsDir, f)) : []),
    ...(existsSync(buildDir)
      ? readdirSync(buildDir).flatMap((d) =>
          readdirSync(path.join(buildDir, d)).map((f) => path.join(buildDir, d, f)),
        )
      : []),
  ].filter((f) => f.endsWith('.d') && statSync(f).mtimeMs >= since - 5);
  for (const file of depFiles) {
    const first = readFileSync(file, 'utf8').split('\n')[0] ?? '';
    const sources = first
      .slice(first.indexOf(': ') + 1)
      .trim()
      .split(/(?<!\\) +/)
      .filter((s) => s.endsWith('.rs'))
      .map((s) => repoPath(s.replace(/\\ /g, ' ')));
    const crateRoot = sources[0];
    if (!crateRoot || !roots.has(crateRoot)) continue;
    for (const s of sources) modules.add(`${crateRoot}|${s}`);
  }
}
