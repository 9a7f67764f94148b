/**
 * Flag detector: a `--flag` of one of the repository's bins is defined or read in that bin's code
 * (its entry file and the repository files it imports), in one of the shapes argument parsers use
 * (flag-evidence.ts). A name only in a comment, a message string or an unrelated object key is
 * not evidence. Exact code points.
 */
import { joinRepoPath } from '../../model/paths.js';
import { findSourceFile } from '../../resolve/source-file.js';
import { confusableWith } from '../confusables.js';
import { nearMisses } from '../near-miss.js';
import type { ClaimsRepo } from '../repo.js';
import { binsOf } from './behaviour.js';
import { withoutComments } from './code-text.js';
import { flagEvidence } from './flag-evidence.js';
import { codeFile } from './repo-path.js';
import { type Detector, decision } from './types.js';

const MAX_FILES = 400;

export const flagDetector: Detector<'flag'> = {
  name: 'flag',
  check: 'flag',
  decide(subject, repo) {
    const name = subject.flag.replace(/^--?/, '').replace(/=.*$/, '');
    if (name.includes('\0') || name === '') return decision('unverified', 'ignored: not a usable flag name');
    const code = binCode(subject.bin, repo);
    if ('unverified' in code) return decision('unverified', code.unverified);
    const flags = new Set<string>();
    for (const path of code.files) {
      const text = withoutComments(repo.textOf(path)!);
      const found = flagEvidence(text, name);
      if (found)
        return decision('verified', `${path}:${found.line} defines or reads ${name}`, [
          { path, line: found.line },
        ]);
      for (const m of text.matchAll(/--([a-z][a-z0-9-]+)/g)) flags.add(`--${m[1]}`);
      // Option keys (`strict:`) are flags too; only look-alikes of them are worth naming.
      for (const m of text.matchAll(/[\p{L}][\p{L}\d-]*/gu))
        if (confusableWith(name, m[0])) flags.add(`--${m[0]}`);
    }
    if (code.unread.length > 0)
      return decision(
        'unverified',
        `--${name} is not in the ${code.files.length} files read behind ${subject.bin}, but ${code.unread[0]} could not be followed`,
        [{ path: code.entry }],
        nearMisses(`--${name}`, flags),
      );
    return decision(
      'contradicted',
      `--${name} appears in none of the ${code.files.length} files behind ${subject.bin}`,
      [{ path: code.entry }],
      nearMisses(`--${name}`, flags),
    );
  },
};

export interface BinCode {
  entry: string;
  /** Readable files behind the bin, entry first. */
  files: string[];
  /** Imports that lead to code that could not be read (unbuilt, unresolved): why absence proves nothing. */
  unread: string[];
}

/**
 * The code behind a bin: its entry and every repository file it imports, breadth first, capped.
 * A bin pointing at unbuilt `dist/` is read from the source the build would come from (the
 * resolver's dist → src mapping), and so is each unresolved import into a build folder.
 */
export function binCode(bin: string, repo: ClaimsRepo): BinCode | { unverified: string } {
  const declared = binsOf(repo).get(bin);
  if (!declared) return { unverified: `${bin} is not a bin of this repository` };
  const dir = declared.manifest.includes('/')
    ? declared.manifest.slice(0, declared.manifest.lastIndexOf('/'))
    : '';
  const entry = joinRepoPath(declared.manifest, declared.target);
  const start = (entry && codeFile(entry, repo)) ?? findSourceFile(repo.files, dir, [declared.target], false);
  if (!start)
    return {
      unverified: `the bin's entry ${declared.target} is not in the repository (not built, or not scanned)`,
    };
  const order = [start];
  const seen = new Set(order);
  const unread: string[] = [];
  const visit = (to: string) => {
    if (seen.has(to) || order.length >= MAX_FILES) return;
    seen.add(to);
    order.push(to);
  };
  for (let i = 0; i < order.length; i++) {
    const from = order[i]!;
    for (const edge of repo.imports) if (edge.from === from && repo.files.has(edge.to)) visit(edge.to);
    for (const u of repo.unresolved) {
      if (u.from !== from || !u.specifier.startsWith('.')) continue;
      const target = joinRepoPath(from, u.specifier);
      const source = target && findSourceFile(repo.files, '', [target], false);
      if (source) visit(source);
      else unread.push(`${from}:${u.line} imports ${u.specifier}`);
    }
  }
  const files = order.filter((p) => repo.textOf(p) !== undefined);
  if (files.length === 0) return { unverified: `could not read ${start}` };
  return { entry: start, files, unread };
}
