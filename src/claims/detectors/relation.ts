/** Relation detectors: a file imports a file or a package; a package depends on another. */
import { nearMisses } from '../near-miss.js';
import { packageName } from '../repo.js';
import { codeFile, locate } from './repo-path.js';
import { type Detector, decision } from './types.js';

export const importDetector: Detector<'import'> = {
  name: 'import-edge',
  check: 'import',
  decide(subject, repo) {
    const where = locate(subject.from, '', repo);
    if (!where.ok) return decision('unverified', `${where.outcome}: ${where.reason}`);
    const from = codeFile(where.candidates[0]!, repo);
    if (!from) return decision('unverified', `${subject.from} is not a file of the repository`);
    const isPackage = packageName(subject.to) === subject.to && !subject.to.includes('.');
    let target = subject.to;
    if (!isPackage) {
      const to = locate(subject.to, '', repo);
      if (!to.ok) return decision('unverified', `${to.outcome}: ${to.reason}`);
      target = codeFile(to.candidates[0]!, repo) ?? to.candidates[0]!;
    }
    const edges = repo.imports.filter((i) => i.from === from);
    const hit = edges.find((i) => i.to === target);
    if (hit)
      return decision('verified', `${from} imports ${target}`, [
        { path: from, ...(hit.line ? { line: hit.line } : {}) },
      ]);
    const targets = [...new Set(edges.map((e) => e.to))];
    return decision(
      'contradicted',
      `${from} does not import ${target}`,
      [{ path: from }],
      nearMisses(target, targets),
    );
  },
};

/** Lowest major version a range admits: `^4.1.0` → 4, `>=18 <21` → 18; undefined for tags. */
export function minMajor(range: string): number | undefined {
  const majors = [...range.matchAll(/(?:^|[\s|^~>=v])(\d+)(?:\.|\s|$|\b)/g)].map((m) => Number(m[1]));
  return majors.length > 0 ? Math.min(...majors) : undefined;
}

export const dependencyDetector: Detector<'dependency'> = {
  name: 'dependency',
  check: 'dependency',
  decide(subject, repo) {
    const pkg = subject.package
      ? repo.packages.find((p) => p.facts.name === subject.package)
      : repo.packages[0];
    if (!pkg) return decision('unverified', `no package.json for ${subject.package ?? 'the root package'}`);
    const dep = pkg.facts.dependencies.find((d) => d.name === subject.dependency);
    const label = pkg.facts.name ?? pkg.manifest;
    if (!dep) {
      const misses = nearMisses(
        subject.dependency,
        pkg.facts.dependencies.map((d) => d.name),
      );
      return decision(
        'contradicted',
        `${label} does not depend on ${subject.dependency}`,
        [{ path: pkg.manifest }],
        misses,
      );
    }
    const evidence = [{ path: pkg.manifest, line: dep.line, excerpt: `"${dep.name}": "${dep.range}"` }];
    if (subject.major === undefined)
      return decision('verified', `${label} depends on ${dep.name} ${dep.range}`, evidence);
    const major = minMajor(dep.range);
    if (major === undefined)
      return decision('unverified', `${dep.name} is "${dep.range}", which names no version`, evidence);
    return major === subject.major
      ? decision('verified', `${dep.name} ${dep.range} is major ${major}`, evidence)
      : decision(
          'contradicted',
          `the docs say ${dep.name} ${subject.major}, ${pkg.manifest} has ${dep.range}`,
          evidence,
        );
  },
};
