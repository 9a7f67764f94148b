/**
 * The tsconfig that governs each file: the nearest tsconfig.json (else jsconfig.json) in the file's
 * directory or above it, inside the root, among discovered files — so a config outside the
 * repository or ignored by it never changes an edge. One oxc factory pair per config file.
 */
import path from 'node:path';
import { compareStrings } from '../model/paths.js';
import type { Coverage } from '../model/types.js';
import { configFactories, type Factories } from './oxc.js';
import { type ConfigReading, dirOf, readConfig } from './tsconfig.js';
import type { ResolverInput, WorkspacePackage } from './types.js';

export interface GoverningConfig {
  reading: ConfigReading;
  /** oxc factories applying the config; absent when oxc refused it and we apply `paths` ourselves. */
  oxc?: Factories;
  /**
   * Resolve per file, not per directory: with project references oxc picks the referenced project
   * whose include covers the file, and two files of one directory may belong to different ones.
   */
  byFile: boolean;
}

export interface Configs {
  forDir(dir: string): GoverningConfig | undefined;
  coverage(): Coverage[];
}

const CONFIG_NAMES = ['tsconfig.json', 'jsconfig.json'];

export function createConfigs(
  input: ResolverInput,
  workspaces: ReadonlyMap<string, WorkspacePackage>,
): Configs {
  const nearest = new Map<string, string | undefined>();
  const loaded = new Map<string, GoverningConfig>();
  const problems: Coverage[] = [];
  const source = { ...input, workspaceDir: (name: string) => workspaces.get(name)?.dir };

  const locate = (dir: string): string | undefined => {
    if (nearest.has(dir)) return nearest.get(dir);
    const own = CONFIG_NAMES.map((n) => (dir ? `${dir}/${n}` : n)).find((p) => input.files.has(p));
    const found = own ?? (dir === '' ? undefined : locate(dirOf(dir)));
    nearest.set(dir, found);
    return found;
  };

  const load = (rel: string): GoverningConfig => {
    const reading = readConfig(source, rel);
    const made = configFactories(path.join(input.root, rel));
    if ('factories' in made)
      return { reading, oxc: made.factories, byFile: made.references && reading.references };
    const why = made.refused.replaceAll(input.root + path.sep, '');
    const missing = reading.unreadable.length > 0 ? `, without ${reading.unreadable.join(', ')}` : '';
    problems.push({
      analyzer: 'resolve',
      scope: rel,
      status: 'partial',
      reason: `oxc-resolver could not load ${rel} (${why}); its paths and baseUrl are applied as read from the repository${missing}.`,
    });
    return { reading, byFile: false };
  };

  return {
    forDir(dir) {
      const rel = locate(dir);
      if (rel === undefined) return undefined;
      const config = loaded.get(rel) ?? load(rel);
      loaded.set(rel, config);
      return config;
    },
    // Sorted: which config was met first depends on the order files were resolved in.
    coverage: () => [...problems].sort((a, b) => compareStrings(a.scope, b.scope)),
  };
}
