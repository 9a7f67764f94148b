/**
 * The yaml package, loaded on first use. Loading it costs ~30 ms of CPU, a tenth of a one-file
 * rescan, and most scans read no YAML at all (no pnpm-workspace.yaml, no front matter changed):
 * a static import would make every command pay it.
 */
import { createRequire } from 'node:module';

type Yaml = typeof import('yaml');
let loaded: Yaml | undefined;

export function yaml(): Yaml {
  loaded ??= createRequire(import.meta.url)('yaml') as Yaml;
  return loaded;
}

// The node guards, for code that walks a parsed document (so yaml is loaded by then).
export const isMap = ((node: unknown) => yaml().isMap(node)) as Yaml['isMap'];
export const isScalar = ((node: unknown) => yaml().isScalar(node)) as Yaml['isScalar'];
export const isSeq = ((node: unknown) => yaml().isSeq(node)) as Yaml['isSeq'];
