/**
 * Writes a virtual environment's installed metadata, the way pip leaves it: `pyvenv.cfg`, and per
 * distribution a `<name>-<version>.dist-info/` (or `.egg-info/`) with METADATA and top_level.txt
 * and/or RECORD. Only metadata: proofmap reads nothing else of a venv.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export interface FakeDistribution {
  /** `Name:` in METADATA. */
  name: string;
  version?: string;
  topLevel?: string[];
  /** RECORD lines' paths (hash and size columns are added). */
  record?: string[];
  egg?: boolean;
}

export function writeVenv(
  root: string,
  dists: FakeDistribution[],
  options: { venv?: string; site?: string } = {},
): string {
  const venv = path.join(root, options.venv ?? '.venv');
  const site = path.join(venv, options.site ?? 'lib/python3.12/site-packages');
  mkdirSync(site, { recursive: true });
  writeFileSync(path.join(venv, 'pyvenv.cfg'), 'home = /usr/bin\ninclude-system-site-packages = false\n');
  for (const d of dists) {
    const dir = path.join(
      site,
      `${d.name.replace(/[-.]/g, '_')}-${d.version ?? '1.0'}.${d.egg ? 'egg-info' : 'dist-info'}`,
    );
    mkdirSync(dir, { recursive: true });
    writeFileSync(
      path.join(dir, d.egg ? 'PKG-INFO' : 'METADATA'),
      `Metadata-Version: 2.1\nName: ${d.name}\nVersion: ${d.version ?? '1.0'}\n`,
    );
    if (d.topLevel) writeFileSync(path.join(dir, 'top_level.txt'), `${d.topLevel.join('\n')}\n`);
    if (d.record) writeFileSync(path.join(dir, 'RECORD'), d.record.map((p) => `${p},sha256=x,1\n`).join(''));
  }
  return venv;
}
