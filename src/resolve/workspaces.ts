/**
 * Workspace packages: npm/yarn `workspaces` (an array or `{ packages }`), pnpm-workspace.yaml and
 * lerna.json globs, matched against the directories of discovered package.json files, so that
 * they are found without node_modules. The root package counts when it has a name, which makes a
 * package's imports of itself resolve to its source.
 */
import picomatch from 'picomatch';
import { compareStrings } from '../model/paths.js';
import { yaml } from '../model/yaml.js';
import { isRecord, readJsonRecord } from './jsonc.js';
import type { WorkspacePackage } from './types.js';

export function findWorkspaces(
  files: ReadonlySet<string>,
  readText: (rel: string) => string | undefined,
): Map<string, WorkspacePackage> {
  const found = new Map<string, WorkspacePackage>();
  const rootManifest = readJsonRecord(readText, 'package.json');
  const rootName = rootManifest?.name;
  if (typeof rootName === 'string' && rootName) found.set(rootName, { dir: '', manifest: 'package.json' });

  const patterns = [
    ...globsOf(rootManifest?.workspaces),
    ...globsOf(isRecord(rootManifest?.workspaces) ? rootManifest.workspaces.packages : undefined),
    ...globsOf(readYaml(readText, 'pnpm-workspace.yaml')?.packages),
    ...globsOf(readJsonRecord(readText, 'lerna.json')?.packages),
  ].map((p) => p.replace(/^\.\//, '').replace(/\/+$/, ''));
  const include = patterns.filter((p) => !p.startsWith('!'));
  if (include.length === 0) return found;
  const isIncluded = picomatch(include);
  const excluded = patterns.filter((p) => p.startsWith('!')).map((p) => p.slice(1));
  const isExcluded = excluded.length > 0 ? picomatch(excluded) : () => false;

  // Sorted, so that when two packages claim one name the same one wins on every run.
  const manifests = [...files].filter((f) => f.endsWith('/package.json')).sort(compareStrings);
  for (const manifest of manifests) {
    const dir = manifest.slice(0, -'/package.json'.length);
    if (!isIncluded(dir) || isExcluded(dir)) continue;
    const name = readJsonRecord(readText, manifest)?.name;
    if (typeof name === 'string' && name && !found.has(name)) found.set(name, { dir, manifest });
  }
  return found;
}

function globsOf(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}

function readYaml(
  readText: (rel: string) => string | undefined,
  rel: string,
): Record<string, unknown> | undefined {
  const text = readText(rel);
  if (text === undefined) return undefined; // most repositories have none: yaml stays unloaded
  try {
    const value: unknown = yaml().parse(text);
    return isRecord(value) ? value : undefined;
  } catch {
    return undefined;
  }
}
