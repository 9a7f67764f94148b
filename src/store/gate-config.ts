import path from 'node:path';
import { CONFIG_MAX_BYTES, readRegularFile } from '../discover/safe-read.js';
import {
  DEFAULT_GATE_SETTINGS,
  type GateSettings,
  gateSettingsOf,
  type StoredGateSettings,
} from '../gate/settings.js';
import { CONFIG_FILES } from '../model/constants.js';
import { contentHash } from '../model/ids.js';

/** Thrown when a changed YAML configuration must be parsed and the parser is not loaded yet. */
export class YamlNotLoaded extends Error {}
let yamlParse: (text: string) => unknown = () => {
  throw new YamlNotLoaded('yaml not loaded');
};

/** Loads the YAML parser (a few hundred kB, so only when a YAML configuration changed). */
export async function loadYaml(): Promise<void> {
  const yaml = await import('yaml');
  yamlParse = (text) => yaml.parse(text);
}

/**
 * `<file>:<content hash>` of the configuration file in force ('' when there is none): the scan
 * stores it with the parsed settings, the hook compares it to know whether they still hold.
 */
export function configSource(root: string): string {
  const found = readConfig(root);
  return found ? `${found.name}:${contentHash(found.bytes)}` : '';
}

function readConfig(root: string): { name: string; bytes: Buffer } | undefined {
  for (const name of CONFIG_FILES) {
    const read = readRegularFile(path.join(root, name), CONFIG_MAX_BYTES);
    if (read.ok) return { name, bytes: read.bytes };
  }
  return undefined;
}

/** The settings as the configuration file says now; the stored ones while its hash matches. */
export function currentSettings(root: string, stored: StoredGateSettings | undefined): GateSettings {
  const found = readConfig(root);
  const source = found ? `${found.name}:${contentHash(found.bytes)}` : '';
  if (stored?.settings && stored.source === source) return { ...DEFAULT_GATE_SETTINGS, ...stored.settings };
  if (!found) return DEFAULT_GATE_SETTINGS;
  try {
    // YAML configurations are parsed only when they changed since the scan (yaml is not small).
    const parsed = found.name.endsWith('.json')
      ? JSON.parse(found.bytes.toString('utf8'))
      : yamlParse(found.bytes.toString('utf8'));
    return gateSettingsOf((parsed as { gate?: unknown } | null)?.gate);
  } catch (error) {
    if (error instanceof YamlNotLoaded) throw error;
    // An unparsable configuration: keep what the last scan knew rather than guess.
    return stored?.settings ? { ...DEFAULT_GATE_SETTINGS, ...stored.settings } : DEFAULT_GATE_SETTINGS;
  }
}
