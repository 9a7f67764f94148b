/**
 * loadConfig for the scan: zod and the schema (~40 ms to load, most of an unchanged rescan's own
 * work) are imported only when the repository has a configuration file.
 */
import { sha1 } from '../model/ids.js';
import { findConfigFile, type LoadedConfig, NO_CONFIG } from './config-read.js';

export type FoundConfig = ReturnType<typeof findConfigFile>;

export async function loadConfigLazily(root: string): Promise<LoadedConfig> {
  return parseFoundConfig(findConfigFile(root));
}

export async function parseFoundConfig(found: FoundConfig): Promise<LoadedConfig> {
  if (!found) return NO_CONFIG;
  const { parseConfig } = await import('./config.js');
  return parseConfig(found.file, found.text);
}

/**
 * Which configuration file a scan read, and its text: equal fingerprints parse to the same
 * configuration, so a rescan can reuse what the last one took from it without loading the parser.
 */
export function configFingerprint(found: FoundConfig): string {
  return found ? sha1(JSON.stringify([found.file, found.text])) : 'none';
}
