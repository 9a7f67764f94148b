/**
 * Python project manifests: `pyproject.toml` (PEP 621 `[project]`, setuptools, hatch, poetry) and
 * `requirements*.txt`. What they give the map: a package node per project, its declared
 * dependencies (`depends-on` to `external:pypi:<name>`), and the import roots its build backend
 * packs from (`src/` layouts), which the resolver puts on its search path.
 */
import { parse } from 'smol-toml';
import type { Coverage } from '../model/types.js';

export interface PythonDependency {
  /** The distribution name, PEP 503-normalised (`typing-extensions`). */
  name: string;
  /** The requirement as written, which the `depends-on` edge re-finds in the manifest. */
  written: string;
  line: number;
}

export interface PythonManifest {
  path: string;
  /** `[project] name` or `[tool.poetry] name`, when given. */
  name?: string;
  dependencies: PythonDependency[];
  /** Import roots relative to the repository root (`src`, `lib/python`), from the backend's config. */
  roots: string[];
  coverage: Coverage[];
}

const REQUIREMENTS = /(?:^|\/)requirements[^/]*\.txt$/;
export const isPythonManifest = (path: string) =>
  path === 'pyproject.toml' || path.endsWith('/pyproject.toml') || REQUIREMENTS.test(path);

/** PEP 503: runs of `-`, `_`, `.` are one `-`, lower case. */
export const normaliseDistribution = (name: string) => name.toLowerCase().replace(/[-_.]+/g, '-');

export function extractPythonManifest(path: string, text: string): PythonManifest {
  return path.endsWith('.toml') ? pyproject(path, text) : requirements(path, text);
}

function requirements(path: string, text: string): PythonManifest {
  const dependencies: PythonDependency[] = [];
  text.split('\n').forEach((raw, i) => {
    const line = raw.replace(/(^|\s)#.*$/, '').trim();
    if (line === '' || line.startsWith('-')) return;
    const dep = requirement(line, i + 1);
    if (dep) dependencies.push(dep);
  });
  return { path, dependencies, roots: [], coverage: [] };
}

function requirement(written: string, line: number): PythonDependency | undefined {
  const name = /^([A-Za-z0-9][A-Za-z0-9._-]*)/.exec(written)?.[1];
  return name ? { name: normaliseDistribution(name), written: name, line } : undefined;
}

type Table = Record<string, unknown>;
const table = (v: unknown): Table | undefined =>
  v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Table) : undefined;
const strings = (v: unknown): string[] =>
  Array.isArray(v) ? v.filter((s): s is string => typeof s === 'string') : [];

function pyproject(path: string, text: string): PythonManifest {
  const dir = path.includes('/') ? path.slice(0, path.lastIndexOf('/')) : '';
  const join = (rel: string) => normaliseRoot(dir === '' ? rel : `${dir}/${rel}`);
  let doc: Table;
  try {
    doc = parse(text) as Table;
  } catch (error) {
    return {
      path,
      dependencies: [],
      roots: [],
      coverage: [
        {
          analyzer: 'python-manifest',
          scope: path,
          status: 'failed',
          reason: `invalid TOML: ${(error as Error).message.split('\n')[0]}`,
        },
      ],
    };
  }
  const lines = text.split('\n');
  const lineOf = (needle: string) => Math.max(1, lines.findIndex((l) => l.includes(needle)) + 1);
  const project = table(doc.project);
  const tool = table(doc.tool);
  const poetry = table(tool?.poetry);
  const written = [
    ...strings(project?.dependencies),
    ...Object.values(table(project?.['optional-dependencies']) ?? {}).flatMap(strings),
  ];
  const dependencies = written.flatMap((w) => requirement(w.trim(), lineOf(w)) ?? []);
  for (const group of [
    table(poetry?.dependencies),
    ...Object.values(table(poetry?.group) ?? {}).map((g) => table(table(g)?.dependencies)),
  ])
    for (const name of Object.keys(group ?? {}))
      if (name.toLowerCase() !== 'python')
        dependencies.push({ name: normaliseDistribution(name), written: name, line: lineOf(name) });

  const roots = new Set<string>();
  const setuptools = table(tool?.setuptools);
  const packageDir = table(setuptools?.['package-dir']);
  if (typeof packageDir?.[''] === 'string') roots.add(join(packageDir[''] as string));
  for (const where of strings(table(table(setuptools?.packages)?.find)?.where)) roots.add(join(where));
  const wheel = table(table(table(table(tool?.hatch)?.build)?.targets)?.wheel);
  for (const pkg of strings(wheel?.packages)) roots.add(join(parentOf(pkg)));
  for (const entry of Array.isArray(poetry?.packages) ? poetry.packages : []) {
    const from = table(entry)?.from;
    roots.add(join(typeof from === 'string' ? from : ''));
  }
  const name =
    typeof project?.name === 'string'
      ? project.name
      : typeof poetry?.name === 'string'
        ? poetry.name
        : undefined;
  return { path, ...(name ? { name } : {}), dependencies, roots: [...roots].sort(), coverage: [] };
}

const parentOf = (p: string) =>
  p.replace(/\/+$/, '').includes('/') ? p.replace(/\/+$/, '').replace(/\/[^/]*$/, '') : '';
const normaliseRoot = (p: string) =>
  p.replace(/^\.\//, '').replace(/\/\.$/, '').replace(/^\.$/, '').replace(/\/+$/, '');
