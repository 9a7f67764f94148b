/** Behaviour-as-declared: a package manager command names a real script; `npx` a real bin. */
import { confusableWith } from '../confusables.js';
import { nearMisses } from '../near-miss.js';
import { packageDir, packageOf } from '../readings.js';
import type { ClaimsRepo, PackageView } from '../repo.js';
import { type Detector, decision } from './types.js';

export const scriptDetector: Detector<'script'> = {
  name: 'script',
  check: 'script',
  decide(subject, repo) {
    if (subject.script.includes('\0')) return decision('unverified', 'ignored: the name holds a NUL byte');
    const root = repo.packages.find((p) => p.manifest === 'package.json');
    const runsBins = subject.manager !== 'npm';
    let scope: PackageView[];
    if (subject.package === '*') scope = [...repo.packages];
    else if (subject.package) {
      const named = repo.packages.find(
        (p) => p.facts.name === subject.package || packageDir(p) === subject.package?.replace(/^\.\//, ''),
      );
      if (!named) return decision('unverified', `no workspace package is named ${subject.package}`);
      scope = [named];
    } else {
      const near = subject.from ? packageOf(subject.from, repo) : undefined;
      scope = [near, root].filter((p, i, all): p is PackageView => !!p && all.indexOf(p) === i);
    }
    if (scope.length === 0) return decision('unverified', 'the repository has no root package.json');
    for (const pkg of scope) {
      const hit = pkg.facts.scripts.find((s) => s.name === subject.script);
      if (hit)
        return decision('verified', `${pkg.manifest} runs "${hit.command}"`, [
          { path: pkg.manifest, line: hit.line, excerpt: `"${hit.name}": "${hit.command}"` },
        ]);
    }
    // pnpm, yarn and bun run a dependency's bin when no script has the name: `pnpm vitest`.
    let uninstalled = false;
    if (runsBins)
      for (const pkg of scope) {
        const own = binsOf(repo).get(subject.script);
        if (own)
          return decision('verified', `${own.manifest} declares bin ${subject.script}`, [
            { path: own.manifest },
          ]);
        const provider = binProvider(subject.script, pkg, repo);
        if (provider.found) return decision('verified', provider.reason, provider.evidence);
        uninstalled ||= provider.uninstalled;
      }
    const elsewhere = repo.packages.find(
      (p) => !scope.includes(p) && p.facts.scripts.some((s) => s.name === subject.script),
    );
    if (elsewhere)
      return decision('unverified', `only ${elsewhere.manifest} has a script "${subject.script}"`, [
        { path: elsewhere.manifest },
      ]);
    const where = scope.map((p) => p.manifest).join(' or ');
    if (uninstalled)
      return decision(
        'unverified',
        `${where} has no script "${subject.script}"; a dependency may provide a bin of that name, and node_modules is not installed to check`,
        [{ path: scope[0]!.manifest }],
      );
    const names = scope.flatMap((p) => p.facts.scripts.map((s) => s.name));
    return decision(
      'contradicted',
      `${where} has no script "${subject.script}"${runsBins ? ' and no dependency provides a bin of that name' : ''}`,
      scope.map((p) => ({ path: p.manifest })),
      nearMisses(subject.script, names),
    );
  },
};

type Provider =
  | { found: true; reason: string; evidence: { path: string; line?: number }[] }
  | { found: false; uninstalled: boolean };

/**
 * The dependency of `pkg` that provides bin `name`: read from the installed manifests when
 * node_modules is there; else only a dependency named after the bin (or a known alias) counts.
 */
export function binProvider(name: string, pkg: PackageView, repo: ClaimsRepo): Provider {
  const wanted = BIN_PACKAGES[name] ?? name;
  let uninstalled = false;
  for (const dep of pkg.facts.dependencies) {
    const evidence = [{ path: pkg.manifest, line: dep.line }];
    if (dep.name === wanted)
      return {
        found: true,
        reason: `${pkg.manifest} depends on ${dep.name}, which provides ${name}`,
        evidence,
      };
    const installed = installedBins(dep.name, pkg, repo);
    if (installed === undefined) uninstalled = true;
    else if (installed.has(name))
      return {
        found: true,
        reason: `${pkg.manifest} depends on ${dep.name}, whose installed package.json declares bin ${name}`,
        evidence,
      };
  }
  return { found: false, uninstalled };
}

/** Bin names of an installed dependency (nearest node_modules first); undefined when not installed. */
function installedBins(dep: string, pkg: PackageView, repo: ClaimsRepo): Set<string> | undefined {
  const dirs = [packageDir(pkg), ''].filter((d, i, all) => all.indexOf(d) === i);
  for (const dir of dirs) {
    const text = repo.textOf(`${dir ? `${dir}/` : ''}node_modules/${dep}/package.json`);
    if (text === undefined) continue;
    try {
      const bin = (JSON.parse(text) as { bin?: unknown }).bin;
      if (typeof bin === 'string') return new Set([dep.replace(/^@[^/]+\//, '')]);
      return new Set(bin && typeof bin === 'object' ? Object.keys(bin) : []);
    } catch {
      return new Set();
    }
  }
  return undefined;
}

/** Bins whose package name differs from the command: the common ones a README runs via npx. */
const BIN_PACKAGES: Record<string, string> = {
  tsc: 'typescript',
  tsserver: 'typescript',
  biome: '@biomejs/biome',
  depcruise: 'dependency-cruiser',
  playwright: '@playwright/test',
};

/** Bin names each workspace package declares (`bin: "x"` names the bin after the package). */
export function binsOf(repo: ClaimsRepo): Map<string, { manifest: string; target: string }> {
  const out = new Map<string, { manifest: string; target: string }>();
  for (const p of repo.packages)
    for (const e of p.facts.entries) {
      const name =
        e.field === 'bin' ? p.facts.name?.replace(/^@[^/]+\//, '') : e.field.match(/^bin\.(.+)$/)?.[1];
      if (name) out.set(name, { manifest: p.manifest, target: e.target });
    }
  return out;
}

export const binDetector: Detector<'bin'> = {
  name: 'bin',
  check: 'bin',
  decide(subject, repo) {
    if (subject.name.includes('\0')) return decision('unverified', 'ignored: the name holds a NUL byte');
    const bins = binsOf(repo);
    const own = bins.get(subject.name);
    if (own)
      return decision('verified', `${own.manifest} declares bin ${subject.name} → ${own.target}`, [
        { path: own.manifest },
      ]);
    const wanted = BIN_PACKAGES[subject.name] ?? subject.name;
    for (const p of repo.packages) {
      const dep = p.facts.dependencies.find((d) => d.name === wanted);
      if (dep)
        return decision('verified', `${p.manifest} depends on ${dep.name}, which provides ${subject.name}`, [
          { path: p.manifest, line: dep.line },
        ]);
    }
    const known = [...bins.keys(), ...repo.packages.flatMap((p) => p.facts.dependencies.map((d) => d.name))];
    const look = known.filter((n) => confusableWith(subject.name, n));
    if (look.length > 0)
      return decision('contradicted', `${subject.name} only looks like ${look[0]}`, [], look);
    const ownName = repo.packages.find((p) => p.facts.name === subject.name);
    if (ownName && bins.size > 0)
      return decision(
        'contradicted',
        `${ownName.manifest} declares no bin ${subject.name}`,
        [{ path: ownName.manifest }],
        [...bins.keys()],
      );
    // npx may fetch it from the registry: nothing local settles that.
    return decision('unverified', `no workspace bin or declared dependency provides ${subject.name}`);
  },
};
