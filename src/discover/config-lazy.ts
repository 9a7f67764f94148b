/**
 * loadConfig for the scan: zod and the schema (~40 ms to load, most of an unchanged rescan's own
 * work) are imported only when the repository has a configuration file.
 */
import { findConfigFile, type LoadedConfig, NO_CONFIG } from './config-read.js';

export async function loadConfigLazily(root: string): Promise<LoadedConfig> {
  const found = findConfigFile(root);
  if (!found) return NO_CONFIG;
  const { parseConfig } = await import('./config.js');
  return parseConfig(found.file, found.text);
}
