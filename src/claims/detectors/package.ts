/**
 * Package detector: `npm install <name>[@major]` names a package of this repository (at its
 * version's major) or one it depends on. Any other name is a registry package that nothing local
 * settles, so it stays unverified.
 */
import { confusableWith } from '../confusables.js';
import { minMajor } from './relation.js';
import { type Detector, decision } from './types.js';

export const packageDetector: Detector<'package'> = {
  name: 'package',
  check: 'package',
  decide(subject, repo) {
    if (subject.name.includes('\0')) return decision('unverified', 'ignored: the name holds a NUL byte');
    const own = repo.packages.find((p) => p.facts.name === subject.name);
    if (own) {
      const at = own.facts.nameAt ? { line: own.facts.nameAt.line } : {};
      const version = own.facts.version;
      if (subject.major === undefined || version === undefined)
        return decision('verified', `${own.manifest} is the package ${subject.name}`, [
          { path: own.manifest, ...at },
        ]);
      const major = minMajor(version);
      return major === subject.major
        ? decision('verified', `${own.manifest} is ${subject.name} ${version}`, [
            { path: own.manifest, ...at },
          ])
        : decision(
            'contradicted',
            `the docs install ${subject.name} ${subject.major}, ${own.manifest} is ${version}`,
            [{ path: own.manifest, ...at }],
          );
    }
    for (const p of repo.packages) {
      const dep = p.facts.dependencies.find((d) => d.name === subject.name);
      if (dep)
        return decision('verified', `${p.manifest} depends on ${dep.name} ${dep.range}`, [
          { path: p.manifest, line: dep.line },
        ]);
    }
    const names = repo.packages.flatMap((p) => [
      p.facts.name ?? '',
      ...p.facts.dependencies.map((d) => d.name),
    ]);
    const look = names.filter((n) => n && confusableWith(subject.name, n));
    if (look.length > 0)
      return decision('contradicted', `${subject.name} only looks like ${look[0]}`, [], look);
    return decision(
      'unverified',
      `${subject.name} is neither a package of this repository nor a dependency; the registry is not consulted`,
    );
  },
};
