/**
 * The Rust map against cargo: crates, targets and path dependencies from `cargo metadata`, the
 * module tree from the dep-info files of a real offline build (helpers/rust-truth.ts), and the
 * `use` edges the generator wrote, which the same build proves name those modules. Skipped, with
 * the reason, where cargo is not installed; no network (`--offline`, no registry crates).
 */
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { ProofMap } from '../../src/map/schema.js';
import { scan } from '../../src/scan.js';
import { cargo, cargoTruth } from '../helpers/rust-truth.js';
import { generateRustWorkspace } from '../helpers/rust-workspace.js';

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

/**
 * Our module tree: from each crate root, the files reached through `mod` (and literal include!) edges; `unconditional`
 * follows only the edges with no #[cfg] on them (what every build compiles).
 */
function ourModules(map: ProofMap, roots: readonly string[], unconditional = false): Set<string> {
  const pathOf = new Map(map.nodes.map((n) => [n.id, n.path]));
  const children = new Map<string, string[]>();
  for (const e of map.edges)
    if (
      e.relation === 'imports' &&
      // Evidence is in line order: a `use self::x::…` above `mod x;` comes first.
      e.evidence.some(
        (v) => (v.via === 'mod' || v.via === 'include') && !(unconditional && v.condition !== undefined),
      )
    ) {
      const from = pathOf.get(e.from)!;
      children.set(from, [...(children.get(from) ?? []), pathOf.get(e.to)!]);
    }
  const out = new Set<string>();
  for (const root of roots) {
    const stack = [root];
    const seen = new Set<string>();
    while (stack.length > 0) {
      const f = stack.pop()!;
      if (seen.has(f)) continue;
      seen.add(f);
      out.add(`${root}|${f}`);
      stack.push(...(children.get(f) ?? []));
    }
  }
  return out;
}

function agreement(ours: Set<string>, truth: Set<string>) {
  const both = [...ours].filter((e) => truth.has(e)).length;
  const union = new Set([...ours, ...truth]).size;
  return {
    ratio: union === 0 ? 1 : both / union,
    missing: [...truth].filter((e) => !ours.has(e)).slice(0, 10),
    extra: [...ours].filter((e) => !truth.has(e)).slice(0, 10),
  };
}

describe.skipIf(!cargo)(`Rust map vs cargo (${cargo?.version ?? 'cargo not installed: skipped'})`, () => {
  it('agrees with cargo metadata and the build’s dep-info on a generated workspace (≥ 99 %)', async () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'proofmap-rust-truth-'));
    dirs.push(root);
    const generated = generateRustWorkspace(root, 8, 15);
    const truth = cargoTruth(root);
    const { map } = await scan({ root });
    expect(map.meta.status).toBe('confirmed');

    const modules = agreement(ourModules(map, truth.roots), truth.modules);
    const keyOf = new Map(map.nodes.map((n) => [n.id, n]));
    const ourDeps = new Set(
      map.edges
        .filter((e) => e.relation === 'depends-on' && e.evidence[0]?.via !== 'workspace')
        .map((e) => `${keyOf.get(e.from)?.path}|${keyOf.get(e.to)?.path}`)
        .filter((e) => !e.includes('undefined')),
    );
    const deps = agreement(ourDeps, truth.dependsOn);
    const ourUses = new Set(
      map.edges
        .filter(
          (e) =>
            (e.relation === 'imports' || e.relation === 're-exports') &&
            e.evidence.some((v) => v.via !== 'mod' && v.via !== 'include'),
        )
        .map((e) => `${keyOf.get(e.from)?.path}|${keyOf.get(e.to)?.path}|${e.relation}`),
    );
    const uses = agreement(ourUses, generated.uses);
    const report = {
      files: generated.files,
      moduleEdges: truth.modules.size,
      modules: modules.ratio,
      dependsOn: `${truth.dependsOn.size} ${deps.ratio}`,
      useEdges: `${generated.uses.size} ${uses.ratio}`,
    };
    // The figure the issue asks for, visible in the test output.
    console.info(`rust truth: ${JSON.stringify(report)}`);
    expect(truth.modules.size).toBeGreaterThan(8 * 15);
    expect(modules.ratio, JSON.stringify(modules)).toBeGreaterThanOrEqual(0.99);
    expect(deps.ratio, JSON.stringify(deps)).toBeGreaterThanOrEqual(0.99);
    expect(uses.ratio, JSON.stringify(uses)).toBeGreaterThanOrEqual(0.99);
  }, 300_000);

  // Real crates, offline: Debian's librust-*-dev packages unpack crates.io sources here, and a
  // directory source lets cargo build them without a network (.ci/run installs a few).
  const registry = process.env.PROOFMAP_CARGO_REGISTRY ?? '/usr/share/cargo/registry';
  const real = existsSync(registry)
    ? readdirSync(registry)
        .filter((d) => REAL_CRATES.some((c) => d.startsWith(`${c}-`) && /^\d/.test(d.slice(c.length + 1))))
        .sort()
    : [];
  it.skipIf(real.length === 0)(
    `agrees with cargo on real crates from ${registry} (${real.length > 0 ? real.join(', ') : 'none installed: skipped'})`,
    async () => {
      const root = mkdtempSync(path.join(os.tmpdir(), 'proofmap-rust-real-'));
      dirs.push(root);
      for (const d of real) {
        cpSync(path.join(registry, d), path.join(root, 'crates', d), { recursive: true });
        // Dev-dependencies do not shape a library's modules, and many are not packaged: cargo
        // would refuse to resolve the package for want of them.
        const manifest = path.join(root, 'crates', d, 'Cargo.toml');
        writeFileSync(manifest, withoutDevDependencies(readFileSync(manifest, 'utf8')));
      }
      mkdirSync(path.join(root, '.cargo'));
      writeFileSync(
        path.join(root, '.cargo/config.toml'),
        `[source.local-registry]\ndirectory = "${registry}"\n[source.crates-io]\nreplace-with = "local-registry"\n`,
      );
      // The library of each crate, default features, normal build: the dev-dependencies its
      // tests need are not all installed.
      const truth = cargoTruth(root, {
        builds: [['build', '--lib']],
        dirs: real.map((d) => `crates/${d}`),
        libOnly: true,
        tolerant: true,
      });
      const { map } = await scan({ root });
      const all = ourModules(map, truth.roots);
      const unconditional = ourModules(map, truth.roots, true);
      // Every file cargo compiled must be in our tree; every file our tree reaches without a
      // #[cfg] must be one cargo compiled (a cfg'd module is in the map with its condition).
      const found = [...truth.modules].filter((e) => all.has(e));
      const sure = [...unconditional].filter((e) => truth.modules.has(e));
      const report = {
        crates: real.length - truth.skipped.length,
        skipped: truth.skipped,
        compiledFiles: truth.modules.size,
        recall: found.length / truth.modules.size,
        precision: sure.length / unconditional.size,
        missing: [...truth.modules].filter((e) => !all.has(e)).slice(0, 8),
        extra: [...unconditional].filter((e) => !truth.modules.has(e)).slice(0, 8),
      };
      console.info(`rust truth (real crates): ${JSON.stringify(report)}`);
      expect(truth.skipped.length, truth.skipped.join('; ')).toBeLessThan(real.length / 2);
      expect(truth.modules.size).toBeGreaterThan(50);
      expect(report.recall, JSON.stringify(report)).toBeGreaterThanOrEqual(0.99);
      expect(report.precision, JSON.stringify(report)).toBeGreaterThanOrEqual(0.99);
    },
    600_000,
  );
});

/** Crates whose libraries build offline from Debian's packages with their default features. */
const REAL_CRATES = [
  'memchr',
  'log',
  'regex-syntax',
  'aho-corasick',
  'regex',
  'itertools',
  'either',
  'anyhow',
  'syn',
  'proc-macro2',
  'quote',
  'unicode-ident',
];

/** A manifest without its `[dev-dependencies]` tables (also `[dev-dependencies.x]`, per target). */
function withoutDevDependencies(text: string): string {
  let dropping = false;
  return text
    .split('\n')
    .filter((line) => {
      const header = /^\s*\[+([^\]]+)\]+/.exec(line);
      if (header) dropping = /(?:^|\.)dev-dependencies(?:\.|$)/.test(header[1]!.trim());
      return !dropping;
    })
    .join('\n');
}
