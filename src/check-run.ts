/**
 * check as a library call: what `proofmap check` does without printing. The configuration is
 * loaded first (a bad one throws a ConfigError before any work), the repository scanned (cached
 * facts make an unchanged rescan cheap) unless `scan: false` reads the existing map, then the
 * declared structure is checked against the graph.
 */
import { checkup } from './checkup/index.js';
import type { CheckupResult } from './checkup/types.js';
import { loadConfig } from './discover/config.js';
import { readMapFile } from './map/emit.js';
import { InputError } from './model/errors.js';
import { scan } from './scan.js';

export interface CheckOptions {
  /** Scan first (default true); false checks .proofmap/map.json as it is. */
  scan?: boolean;
}

export async function check(root: string, options: CheckOptions = {}): Promise<CheckupResult> {
  const loaded = loadConfig(root);
  const map = options.scan === false ? readMapFile(root) : (await scan({ root })).map;
  if (!map) throw new InputError(`no valid .proofmap/map.json in ${root}`, { hint: 'scan first' });
  return checkup(map, loaded.config, {
    ...(loaded.file ? { configFile: loaded.file } : {}),
    lineOf: loaded.lineOf,
    mode: 'warn',
  });
}
