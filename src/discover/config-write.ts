/**
 * Writes a proposed `proofmap.config.json`: validated by the same schema `loadConfig` uses (so init
 * can never write a config that `check` rejects), refused when any config file already exists
 * unless forced, written atomically. Kept apart from the proposal so other writers (`areas
 * --write`) can share it.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { writeAtomic } from '../map/emit.js';
import { CONFIG_FILES, configSchema, type ProofmapConfig } from '../model/config.js';
import { InputError } from '../model/errors.js';

/** The text written: two-space JSON with a final newline, keys in the order given. */
export function configText(config: ProofmapConfig): string {
  const checked = configSchema.safeParse(config);
  if (!checked.success) throw new Error(`proposed config does not validate: ${checked.error.message}`);
  return `${JSON.stringify(config, null, 2)}\n`;
}

/** Writes `proofmap.config.json` in `root`; returns the file written. */
export function writeConfigFile(
  root: string,
  config: ProofmapConfig,
  options: { force?: boolean } = {},
): string {
  const existing = CONFIG_FILES.find((f) => existsSync(path.join(root, f)));
  if (existing && !options.force)
    throw new InputError(`${existing} already exists in ${root}`, {
      hint: 'review it by hand, print a proposal with --dry-run, or replace it with --force',
    });
  const file = path.join(root, 'proofmap.config.json');
  writeAtomic(file, configText(config));
  return file;
}
