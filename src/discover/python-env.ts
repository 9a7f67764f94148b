/**
 * Virtual environments inside the repository (`.venv/`, `venv/` … any directory holding a
 * `pyvenv.cfg` beside a Python manifest or at the root): which distribution provides which import
 * name, read from each installed distribution's metadata — `top_level.txt` when the wheel has one,
 * else the top-level modules and packages its `RECORD` lists. This is what makes `import yaml` the
 * distribution PyYAML with certainty instead of by a table. A venv is usually git-ignored, so its
 * files are not discovered files: what was read is returned with a fingerprint, which discovery
 * records as coverage so that installing or removing a distribution changes the scan key.
 */
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { sha1 } from '../model/ids.js';
import { compareStrings } from '../model/paths.js';
import type { Coverage } from '../model/types.js';
import { readRegularFile } from './safe-read.js';

export interface InstalledDistribution {
  /** `Name:` from METADATA (or PKG-INFO), as the project spells it: `PyYAML`. */
  name: string;
  /** Top-level import names it provides: `yaml`, `_yaml`. */
  imports: string[];
  /** Repo-relative path of the metadata file the import names were read from. */
  source: string;
}

export interface PythonEnvironment {
  /** Repo-relative venv directories, sorted. */
  venvs: string[];
  /** Sorted by venv, then name; a venv listed first wins for an import name. */
  installed: InstalledDistribution[];
}

/** Metadata files are small; a bigger one is not metadata. */
const META_MAX_BYTES = 8 * 1024 * 1024;
const MANIFEST = /(?:^|\/)(?:pyproject\.toml|setup\.py|setup\.cfg|requirements[^/]*\.txt)$/;

export function readPythonEnvironment(
  root: string,
  files: readonly { path: string }[],
): { environment?: PythonEnvironment; coverage: Coverage[] } {
  if (!files.some((f) => f.path.endsWith('.py'))) return { coverage: [] };
  const projectDirs = new Set(['']);
  for (const f of files) if (MANIFEST.test(f.path)) projectDirs.add(dirOf(f.path));
  const venvs: string[] = [];
  for (const dir of projectDirs)
    for (const name of subdirectories(path.join(root, dir)))
      if (isFile(path.join(root, dir, name, 'pyvenv.cfg'))) venvs.push(join(dir, name));
  if (venvs.length === 0) return { coverage: [] };
  venvs.sort(compareStrings);
  const installed: InstalledDistribution[] = [];
  const coverage: Coverage[] = [];
  for (const venv of venvs) {
    const sites = sitePackages(root, venv);
    const found: InstalledDistribution[] = [];
    for (const site of sites)
      for (const entry of subdirectories(path.join(root, site)).sort(compareStrings)) {
        if (!/\.(?:dist-info|egg-info)$/.test(entry)) continue;
        const dist = distribution(root, `${site}/${entry}`);
        if (dist) found.push(dist);
      }
    found.sort((a, b) => compareStrings(a.name, b.name) || compareStrings(a.source, b.source));
    installed.push(...found);
    // The detail is the fingerprint: the scan key and the delta compare discovery's coverage, so a
    // changed environment rebuilds the map (its distribution names) instead of keeping it.
    coverage.push({
      analyzer: 'discover',
      scope: venv,
      status: sites.length > 0 ? 'analyzed' : 'partial',
      reason:
        sites.length > 0
          ? `Python virtual environment: ${found.length} installed distributions read for their import names`
          : 'Python virtual environment without a site-packages directory; import names are matched by table and name only',
      detail: sha1(JSON.stringify(found)),
    });
  }
  return { environment: { venvs, installed }, coverage };
}

/** `lib/python3.12/site-packages` (POSIX, also `lib64`) and `Lib/site-packages` (Windows). */
function sitePackages(root: string, venv: string): string[] {
  const out: string[] = [];
  for (const lib of ['lib', 'lib64'])
    for (const py of subdirectories(path.join(root, venv, lib)).sort(compareStrings))
      if (/^python\d/.test(py) && isDir(path.join(root, venv, lib, py, 'site-packages')))
        out.push(`${venv}/${lib}/${py}/site-packages`);
  if (isDir(path.join(root, venv, 'Lib', 'site-packages'))) out.push(`${venv}/Lib/site-packages`);
  return out;
}

function distribution(root: string, info: string): InstalledDistribution | undefined {
  const metadata = text(root, `${info}/METADATA`) ?? text(root, `${info}/PKG-INFO`);
  const name = metadata && /^Name:[ \t]*(\S+)/m.exec(metadata)?.[1];
  if (!name) return undefined;
  const topLevel = text(root, `${info}/top_level.txt`);
  if (topLevel !== undefined) {
    const imports = topLevel
      .split('\n')
      .map((l) => l.trim().replace(/\/.*$/, ''))
      .filter((l) => /^[A-Za-z_]\w*$/.test(l));
    return { name, imports: unique(imports), source: `${info}/top_level.txt` };
  }
  const record = text(root, `${info}/RECORD`) ?? text(root, `${info}/installed-files.txt`);
  if (record === undefined) return { name, imports: [], source: `${info}/METADATA` };
  return { name, imports: unique(recordImports(record)), source: `${info}/RECORD` };
}

/**
 * The importable top level of a RECORD: `pkg/…` for a package, `mod.py` or an extension module
 * (`mod.cpython-312-x86_64-linux-gnu.so`) for a module. Metadata, scripts (`../../bin`) and
 * caches are not importable.
 */
export function recordImports(record: string): string[] {
  const out: string[] = [];
  for (const line of record.split('\n')) {
    const file = line.split(',')[0]!.trim();
    if (file === '' || file.startsWith('..') || file.startsWith('/')) continue;
    const [head, ...rest] = file.split('/');
    if (/\.(?:dist-info|egg-info|data)$/.test(head!) || head === '__pycache__') continue;
    const name = rest.length > 0 ? head : /^([A-Za-z_]\w*)(?:\.[\w-]+)*\.(?:py|so|pyd)$/.exec(head!)?.[1];
    if (name && /^[A-Za-z_]\w*$/.test(name)) out.push(name);
  }
  return out;
}

const unique = (names: string[]) => [...new Set(names)].sort(compareStrings);
const dirOf = (p: string) => (p.includes('/') ? p.slice(0, p.lastIndexOf('/')) : '');
const join = (dir: string, name: string) => (dir === '' ? name : `${dir}/${name}`);

function text(root: string, rel: string): string | undefined {
  const got = readRegularFile(path.join(root, rel), META_MAX_BYTES);
  return got.ok ? got.bytes.toString('utf8') : undefined;
}

function subdirectories(abs: string): string[] {
  try {
    return readdirSync(abs, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name);
  } catch {
    return [];
  }
}

const isDir = (abs: string) => statSync(abs, { throwIfNoEntry: false })?.isDirectory() === true;

function isFile(abs: string): boolean {
  return readRegularFile(abs, META_MAX_BYTES).ok;
}
