/** Behaviour-as-declared: a package manager command names a real script; `npx` a real bin. */
import { confusableWith } from '../confusables.js';
import { nearMisses } from '../near-miss.js';
import type { ClaimsRepo } from '../repo.js';
import { type Detector, decision } from './types.js';

export const scriptDetector: Detector<'script'> = {
  name: 'script',
  check: 'script',
  decide(subject, repo) {
    if (subject.script.includes('\0')) return decision('unverified', 'ignored: the name holds a NUL byte');
    const root = repo.packages.find((p) => p.manifest === 'package.json');
    if (!root) return decision('unverified', 'the repository has no root package.json');
    const hit = root.facts.scripts.find((s) => s.name === subject.script);
    if (hit)
      return decision('verified', `package.json runs "${hit.command}"`, [
        { path: root.manifest, line: hit.line, excerpt: `"${hit.name}": "${hit.command}"` },
      ]);
    const elsewhere = repo.packages.find((p) => p.facts.scripts.some((s) => s.name === subject.script));
    if (elsewhere)
      return decision('unverified', `only ${elsewhere.manifest} has a script "${subject.script}"`, [
        { path: elsewhere.manifest },
      ]);
    const names = root.facts.scripts.map((s) => s.name);
    return decision(
      'contradicted',
      `package.json has no script "${subject.script}"`,
      [{ path: root.manifest }],
      nearMisses(subject.script, names),
    );
  },
};

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
