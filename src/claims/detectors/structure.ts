/**
 * Structure detectors: a file or a workspace package exports a name; some module exports a name.
 * Names are compared as exact code points: a confusable look-alike is a near miss, never a match.
 */
import type { ExportedName } from '../../model/types.js';
import { confusableWith } from '../confusables.js';
import { nearMisses } from '../near-miss.js';
import type { ClaimsRepo } from '../repo.js';
import { codeFile, locate } from './repo-path.js';
import { type Decision, type Detector, decision } from './types.js';

export const exportDetector: Detector<'export'> = {
  name: 'export',
  check: 'export',
  decide(subject, repo) {
    if (subject.name.includes('\0')) return decision('unverified', 'ignored: the name holds a NUL byte');
    if (subject.package) {
      const pkg = repo.packages.find((p) => p.facts.name === subject.path);
      if (!pkg) return decision('unverified', `${subject.path} is not a package of this repository`);
      const dir = pkg.manifest.slice(0, -'package.json'.length);
      const owned = [...repo.exports].filter(
        ([p]) => p.startsWith(dir) && !/(^|\/)(test|tests|__tests__)\//.test(p),
      );
      return judge(subject.name, owned, `package ${subject.path}`);
    }
    const where = locate(subject.path, '', repo);
    if (!where.ok) return decision('unverified', `${where.outcome}: ${where.reason}`);
    const file = codeFile(where.candidates[0]!, repo);
    if (!file)
      return decision(
        'contradicted',
        `${where.candidates[0]} does not exist`,
        [],
        nearMisses(where.candidates[0]!, repo.files),
      );
    return judge(subject.name, [[file, repo.exports.get(file) ?? []]], file);
  },
};

export const symbolDetector: Detector<'symbol'> = {
  name: 'symbol',
  check: 'symbol',
  decide(subject, repo) {
    if (subject.name.includes('\0')) return decision('unverified', 'ignored: the name holds a NUL byte');
    const found = exporters(subject.name, repo);
    if (found.length > 0) return decision('verified', `exported by ${found[0]!.path}`, found.slice(0, 3));
    const names = allNames(repo);
    const look = [...names].filter((n) => confusableWith(subject.name, n));
    if (look.length > 0)
      return decision(
        'contradicted',
        `${subject.name} only looks like ${look[0]} (different code points)`,
        [],
        look,
      );
    // A backticked identifier may be a local, a method, an option or another package's name.
    return decision('unverified', `no module exports ${subject.name}`, [], nearMisses(subject.name, names));
  },
};

function judge(name: string, files: [string, readonly ExportedName[]][], where: string): Decision {
  for (const [path, list] of files) {
    const hit = list.find((e) => e.name === name);
    if (hit) return decision('verified', `${path}:${hit.line} exports ${name}`, [{ path, line: hit.line }]);
  }
  const names = new Set(files.flatMap(([, list]) => list.map((e) => e.name)));
  const look = [...names].filter((n) => confusableWith(name, n));
  if (look.length > 0)
    return decision('contradicted', `${where} exports ${look[0]}, which only looks like ${name}`, [], look);
  // `export * from` hides names the map does not expand: absence is then not proof.
  if (names.has('*')) return decision('unverified', `${where} re-exports with export *, not followed`);
  return decision(
    'contradicted',
    `${where} does not export ${name}`,
    files.slice(0, 1).map(([path]) => ({ path })),
    nearMisses(name, names),
  );
}

function exporters(name: string, repo: ClaimsRepo) {
  const out: { path: string; line: number }[] = [];
  for (const [path, list] of repo.exports) {
    const hit = list.find((e) => e.name === name);
    if (hit) out.push({ path, line: hit.line });
  }
  return out;
}

function allNames(repo: ClaimsRepo): Set<string> {
  const names = new Set<string>();
  for (const list of repo.exports.values()) for (const e of list) if (e.name !== '*') names.add(e.name);
  return names;
}
