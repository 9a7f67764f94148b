/**
 * Flag detector: a `--flag` of one of the repository's bins is named in that bin's code (its
 * entry file and the repository files it imports). A text search with exact code points; a flag
 * only in a comment of that code still matches, which the report lists as a limitation.
 */
import { joinRepoPath } from '../../model/paths.js';
import { confusableWith } from '../confusables.js';
import { nearMisses } from '../near-miss.js';
import type { ClaimsRepo } from '../repo.js';
import { binsOf } from './behaviour.js';
import { codeFile } from './repo-path.js';
import { type Detector, decision } from './types.js';

const MAX_FILES = 400;

export const flagDetector: Detector<'flag'> = {
  name: 'flag',
  check: 'flag',
  decide(subject, repo) {
    const name = subject.flag.replace(/^--?/, '').replace(/=.*$/, '');
    if (name.includes('\0') || name === '') return decision('unverified', 'ignored: not a usable flag name');
    const bin = binsOf(repo).get(subject.bin);
    if (!bin) return decision('unverified', `${subject.bin} is not a bin of this repository`);
    const entry = joinRepoPath(bin.manifest, bin.target);
    const start = entry && codeFile(entry, repo);
    if (!start) return decision('unverified', `the bin's entry ${bin.target} is not in the repository`);
    const patterns = [`--${name}`, `'${name}'`, `"${name}"`, `${name}:`];
    const seen: string[] = [];
    const flags = new Set<string>();
    for (const path of reachable(start, repo)) {
      const text = repo.textOf(path);
      if (text === undefined) continue;
      seen.push(path);
      const at = patterns.map((p) => text.indexOf(p)).find((i) => i >= 0);
      if (at !== undefined) {
        const line = text.slice(0, at).split('\n').length;
        return decision('verified', `${path}:${line} names ${name}`, [{ path, line }]);
      }
      for (const m of text.matchAll(/--([a-z][a-z0-9-]+)/g)) flags.add(`--${m[1]}`);
      // Option keys (`strict:`) are flags too; only look-alikes of them are worth naming.
      for (const m of text.matchAll(/[\p{L}][\p{L}\d-]*/gu))
        if (confusableWith(name, m[0])) flags.add(`--${m[0]}`);
    }
    if (seen.length === 0) return decision('unverified', `could not read ${start}`);
    return decision(
      'contradicted',
      `--${name} appears in none of the ${seen.length} files behind ${subject.bin}`,
      [{ path: start }],
      nearMisses(`--${name}`, flags),
    );
  },
};

/** The entry file and every repository file it imports, breadth first, capped. */
function reachable(start: string, repo: ClaimsRepo): string[] {
  const order = [start];
  const seen = new Set(order);
  for (let i = 0; i < order.length && order.length < MAX_FILES; i++)
    for (const edge of repo.imports)
      if (edge.from === order[i] && repo.files.has(edge.to) && !seen.has(edge.to)) {
        seen.add(edge.to);
        order.push(edge.to);
      }
  return order;
}
