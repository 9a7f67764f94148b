import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { rawTransferSupported } from 'oxc-parser';
import { describe, expect, it } from 'vitest';
import { tmpRepo } from '../helpers/tmp-repo.js';

const BIN = path.resolve('bin/proofmap.js');

/** Real code nobody here wrote: JS/TS files of a few packages in node_modules, with a package.json. */
function realRepo(limit: number): string {
  const files: Record<string, string> = { 'package.json': '{"name":"real","type":"module"}\n' };
  let n = 0;
  const visit = (dir: string) => {
    for (const name of readdirSync(dir).sort()) {
      if (n >= limit) return;
      const abs = path.join(dir, name);
      if (statSync(abs).isDirectory()) visit(abs);
      else if (/\.(?:[cm]?js|[cm]?ts|tsx)$/.test(name) && statSync(abs).size < 200_000) {
        files[path.relative('node_modules', abs)] = readFileSync(abs, 'utf8');
        n++;
      }
    }
  };
  for (const pkg of ['zod', '@modelcontextprotocol/sdk', 'graphology-metrics', 'yaml', 'vite'])
    visit(path.join('node_modules', pkg));
  return tmpRepo(files);
}

function scannedMap(dir: string, raw: '0' | '1'): string {
  execFileSync(process.execPath, [BIN, 'scan', dir, '--force'], {
    env: { ...process.env, PROOFMAP_RAW_TRANSFER: raw },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  return readFileSync(path.join(dir, '.proofmap', 'map.json'), 'utf8');
}

describe('oxc raw transfer (Node ≥ 22)', () => {
  it.skipIf(!rawTransferSupported())(
    'gives the byte-identical map the JSON transfer gives, on real code (built CLI)',
    () => {
      const dir = realRepo(1000);
      const viaJson = scannedMap(dir, '0');
      const viaRaw = scannedMap(dir, '1');
      expect(JSON.parse(viaJson).nodes.length).toBeGreaterThan(500);
      expect(viaRaw).toBe(viaJson);
    },
    60_000,
  );
});
