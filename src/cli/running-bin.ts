/**
 * The bin/proofmap.js of the running proofmap, for commands that write a command line another
 * program will run later (the hook, the MCP server entry): this file runs from dist/cli/ or the
 * bundled dist/cli-bundle/, at different depths, so the package root is found by walking up.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export function runningBin(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const bin = path.join(dir, 'bin', 'proofmap.js');
    if (existsSync(bin) && existsSync(path.join(dir, 'package.json'))) return bin;
    const up = path.dirname(dir);
    if (up === dir) throw new Error('cannot find bin/proofmap.js above the running proofmap');
    dir = up;
  }
}
