/**
 * Go manifests: `go.mod` (module path, `require`, `replace`) and `go.work` (`use`, `replace`),
 * read line by line as the go command's modfile grammar does: a directive, or a directive with a
 * parenthesised block of lines; `//` comments. What they give the map: a package node per module,
 * `depends-on` edges to required modules (or to the local module a `replace` points at), and the
 * module roots the resolver maps import paths onto.
 */
import type { Coverage } from '../model/types.js';

export interface GoRequirement {
  /** The module path as written (`golang.org/x/net`). */
  module: string;
  version: string;
  line: number;
  indirect: boolean;
}

export interface GoReplacement {
  /** The module path replaced (`example.com/lib`); the version, when only one is replaced, is ignored. */
  module: string;
  /** The replacement as written: a module path, or a local directory (`./lib`, `../lib`). */
  target: string;
  /** The replacement directory, repo-relative, when the target is a local path inside the repository. */
  localDir?: string;
  line: number;
}

export interface GoManifest {
  path: string;
  kind: 'go.mod' | 'go.work';
  /** go.mod: the `module` path. */
  module?: string;
  moduleLine?: number;
  requires: GoRequirement[];
  replaces: GoReplacement[];
  /** go.work: the `use` directories, repo-relative, with the line and the directory as written. */
  uses: { dir: string; written: string; line: number }[];
  coverage: Coverage[];
}

export const isGoManifest = (path: string) => /(?:^|\/)go\.(?:mod|work)$/.test(path);

const dirOf = (p: string) => (p.includes('/') ? p.slice(0, p.lastIndexOf('/')) : '');

/** A path relative to `dir`, normalised; undefined when it is absolute or leaves the repository. */
export function joinLocal(dir: string, rel: string): string | undefined {
  if (rel.startsWith('/')) return undefined;
  const parts = dir === '' ? [] : dir.split('/');
  for (const seg of rel.split('/')) {
    if (seg === '' || seg === '.') continue;
    if (seg === '..') {
      if (parts.length === 0) return undefined;
      parts.pop();
    } else parts.push(seg);
  }
  return parts.join('/');
}

const isLocal = (target: string) => /^\.\.?(?:\/|$)/.test(target) || target.startsWith('/');

/** Splits a modfile line into tokens: quoted strings are one token; `//` starts a comment. */
function tokens(line: string): { words: string[]; comment: string } {
  const words: string[] = [];
  let i = 0;
  while (i < line.length) {
    const c = line[i]!;
    if (c === ' ' || c === '\t' || c === '\r') i++;
    else if (line.startsWith('//', i)) return { words, comment: line.slice(i + 2).trim() };
    else if (c === '"' || c === '`') {
      const end = line.indexOf(c, i + 1);
      const stop = end < 0 ? line.length : end;
      words.push(line.slice(i + 1, stop));
      i = stop + 1;
    } else {
      let j = i;
      while (j < line.length && !/[\s]/.test(line[j]!) && !line.startsWith('//', j)) j++;
      words.push(line.slice(i, j));
      i = j;
    }
  }
  return { words, comment: '' };
}

export function extractGoManifest(path: string, text: string): GoManifest {
  const kind = path.endsWith('go.work') ? 'go.work' : 'go.mod';
  const dir = dirOf(path);
  const out: GoManifest = { path, kind, requires: [], replaces: [], uses: [], coverage: [] };
  let block: string | undefined;
  text.split('\n').forEach((raw, i) => {
    const line = i + 1;
    const { words, comment } = tokens(raw);
    if (words.length === 0) return;
    let verb: string;
    let args: string[];
    if (block !== undefined) {
      if (words[0] === ')') {
        block = undefined;
        return;
      }
      verb = block;
      args = words;
    } else if (words[1] === '(') {
      block = words[0];
      return;
    } else [verb, ...args] = words as [string, ...string[]];
    directive(verb, args, comment, line);
  });
  return out;

  function directive(verb: string, args: string[], comment: string, line: number): void {
    if (verb === 'module' && args[0]) {
      out.module = args[0];
      out.moduleLine = line;
    } else if (verb === 'require' && args[0])
      out.requires.push({
        module: args[0],
        version: args[1] ?? '',
        line,
        indirect: /(^|;)\s*indirect\s*(;|$)/.test(comment),
      });
    else if (verb === 'replace') {
      const arrow = args.indexOf('=>');
      const from = args[0];
      const target = arrow >= 0 ? args[arrow + 1] : undefined;
      if (!from || !target) {
        out.coverage.push({
          analyzer: 'go-manifest',
          scope: `${path}:${line}`,
          status: 'partial',
          reason: 'replace directive without `old => new`',
        });
        return;
      }
      const localDir = isLocal(target) ? joinLocal(dir, target) : undefined;
      if (isLocal(target) && localDir === undefined)
        out.coverage.push({
          analyzer: 'go-manifest',
          scope: `${path}:${line}`,
          status: 'partial',
          reason: `replace ${from} => ${target} points outside the repository`,
        });
      out.replaces.push({ module: from, target, ...(localDir !== undefined ? { localDir } : {}), line });
    } else if (verb === 'use' && args[0]) {
      const used = joinLocal(dir, args[0]);
      if (used === undefined)
        out.coverage.push({
          analyzer: 'go-manifest',
          scope: `${path}:${line}`,
          status: 'partial',
          reason: `use ${args[0]} points outside the repository`,
        });
      else out.uses.push({ dir: used, written: args[0], line });
    }
  }
}
