/**
 * Python module resolution over the discovered files, following importlib's PathFinder: along the
 * search path, a directory with `__init__.py` is a regular package and wins at once, else `name.py`
 * is a module and wins, else a bare directory is one portion of a PEP 420 namespace package (all
 * portions together are its `__path__`); submodules are then looked up in the parent's `__path__`.
 *
 * The search path of a file is what running it would put on `sys.path`: its base directory (the
 * first ancestor that is not a package: `python script.py` and pytest's rootdir insertion for
 * tests and `conftest.py`), then the import roots the manifests declare (`src/` layouts), then the
 * repository root. Nothing outside the repository is searched: what is not found here is the
 * standard library (by name) or a third-party distribution.
 */

import type { InstalledDistribution } from '../discover/python-env.js';
import type { PythonImport } from '../extract/python.js';
import { type Distribution, distributionLookup } from './python-distributions.js';
import { PYTHON_STDLIB } from './python-stdlib.js';

export type PythonOutcome =
  | { kind: 'file'; path: string; names?: string[] }
  | { kind: 'stdlib'; name: string }
  | {
      kind: 'external';
      /** The top-level import name: `yaml`. */
      name: string;
      /** The distribution that provides it (python-distributions.ts): `PyYAML`. */
      distribution: Distribution;
      declared: boolean;
    }
  | { kind: 'unresolved'; reason: string };

interface Found {
  /** The module's file: `x.py` or the package's `__init__.py`; none for a namespace package. */
  file?: string;
  /** The package's `__path__`: empty for a plain module. */
  path: string[];
}

export interface PythonResolver {
  resolve(fromFile: string, fact: PythonImport): PythonOutcome;
  /** The search path used for a file, for the truth test against `importlib.util.find_spec`. */
  searchPath(fromFile: string): string[];
}

const dirOf = (p: string) => (p.includes('/') ? p.slice(0, p.lastIndexOf('/')) : '');
const join = (dir: string, name: string) => (dir === '' ? name : `${dir}/${name}`);

export function createPythonResolver(input: {
  files: ReadonlySet<string>;
  /** Import roots declared by manifests, repo-relative. */
  roots: readonly string[];
  /** Normalised names of the distributions the manifests declare. */
  declared: ReadonlySet<string>;
  /** Distributions installed in the repository's virtual environments, when it has any. */
  installed?: readonly InstalledDistribution[];
}): PythonResolver {
  const { files } = input;
  const distributionOf = distributionLookup(input.installed ?? [], input.declared);
  const dirs = new Set<string>();
  for (const f of files) for (let d = dirOf(f); d !== '' && !dirs.has(d); d = dirOf(d)) dirs.add(d);
  const roots = [...new Set(input.roots)].filter((r) => r === '' || dirs.has(r));

  const findIn = (path: readonly string[], name: string): Found | undefined => {
    const portions: string[] = [];
    for (const dir of path) {
      const base = join(dir, name);
      if (files.has(`${base}/__init__.py`)) return { file: `${base}/__init__.py`, path: [base] };
      if (files.has(`${base}.py`)) return { file: `${base}.py`, path: [] };
      if (dirs.has(base)) portions.push(base);
    }
    return portions.length > 0 ? { path: portions } : undefined;
  };
  const findDotted = (path: readonly string[], dotted: string): Found | undefined => {
    let found: Found | undefined = { path: [...path] };
    for (const part of dotted.split('.')) {
      if (!found || found.path.length === 0) return undefined;
      found = findIn(found.path, part);
    }
    return found;
  };
  const baseDirs = new Map<string, string>();
  const baseDir = (file: string): string => {
    const start = dirOf(file);
    let dir = baseDirs.get(start);
    if (dir === undefined) {
      dir = start;
      while (dir !== '' && files.has(`${dir}/__init__.py`)) dir = dirOf(dir);
      baseDirs.set(start, dir);
    }
    return dir;
  };
  const searchPath = (fromFile: string) => [...new Set([baseDir(fromFile), ...roots, ''])];

  const member = (found: Found, fact: PythonImport): PythonOutcome | undefined => {
    if (!fact.member) return found.file ? { kind: 'file', path: found.file } : undefined;
    if (fact.member !== '*' && found.path.length > 0) {
      const sub = findIn(found.path, fact.member);
      if (sub?.file) return { kind: 'file', path: sub.file };
    }
    return found.file ? { kind: 'file', path: found.file, names: [fact.member] } : undefined;
  };

  return {
    searchPath,
    resolve(fromFile, fact) {
      const level = /^\.*/.exec(fact.module)![0].length;
      const rest = fact.module.slice(level);
      const written = fact.member ? `from ${fact.module} import ${fact.member}` : fact.module;
      if (level > 0) {
        let pkg = dirOf(fromFile);
        for (let i = 1; i < level; i++) {
          if (pkg === '')
            return { kind: 'unresolved', reason: `${written} in ${fromFile} goes above the repository root` };
          pkg = dirOf(pkg);
        }
        const found =
          rest === ''
            ? {
                path: [pkg],
                ...(files.has(join(pkg, '__init__.py')) ? { file: join(pkg, '__init__.py') } : {}),
              }
            : findDotted([pkg], rest);
        const outcome = found && member(found, fact);
        return (
          outcome ?? {
            kind: 'unresolved',
            reason: `no module matches ${written} relative to ${pkg || '(root)'}`,
          }
        );
      }
      const top = rest.split('.')[0]!;
      const topFound = findIn(searchPath(fromFile), top);
      // A bare directory is only a namespace portion: a regular module later on sys.path (the
      // standard library's) wins over it, as PathFinder returns the first module it finds.
      if (topFound && !topFound.file && PYTHON_STDLIB.has(top)) return { kind: 'stdlib', name: top };
      const found = findDotted(searchPath(fromFile), rest);
      if (found) {
        const outcome = member(found, fact);
        if (outcome) return outcome;
        return {
          kind: 'unresolved',
          reason: `${written} names a namespace package, which has no file, and no submodule of that name`,
        };
      }
      if (topFound)
        return { kind: 'unresolved', reason: `${top} is in the repository but has no module ${rest}` };
      if (PYTHON_STDLIB.has(top)) return { kind: 'stdlib', name: top };
      return { kind: 'external', name: top, ...distributionOf(rest) };
    },
  };
}
