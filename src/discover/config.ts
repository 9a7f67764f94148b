/**
 * Finds and reads the project's configuration (config-read.ts), validated by its zod schema.
 * Every problem is one ConfigError that names the file, the line when known, and the key path.
 */
import { configSchema } from '../model/config.js';
import { findConfigFile, type LoadedConfig, NO_CONFIG, parseConfigWith } from './config-read.js';

export type { LoadedConfig } from './config-read.js';

export function loadConfig(root: string): LoadedConfig {
  const found = findConfigFile(root);
  return found ? parseConfig(found.file, found.text) : NO_CONFIG;
}

export function parseConfig(file: string, text: string): LoadedConfig {
  return parseConfigWith(configSchema, file, text);
}
