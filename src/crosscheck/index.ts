/**
 * `crosscheck`: how far proofmap's resolution is from the TypeScript compiler's on one repository.
 * The files are listed, read and extracted exactly as a scan does (discover, extractModules,
 * createResolver over the same file set), so the edges compared are the map's edges; nothing is
 * written.
 */
import { discover } from '../discover/index.js';
import { extractModules, isCodePath } from '../extract/js-ts.js';
import type { ImportFact } from '../model/facts.js';
import { createResolver } from '../resolve/index.js';
import { type CrosscheckResult, crosscheck } from './compare.js';
import { createTscResolver, type TypeScriptApi } from './tsc.js';

export { CAUSES, type Cause } from './causes.js';
export type { CrosscheckResult, Disagreement } from './compare.js';
export type { TypeScriptApi } from './tsc.js';

export interface CrosscheckOptions {
  sample?: number;
  seed?: number;
}

export interface CrosscheckReport extends CrosscheckResult {
  root: string;
  typescript: string;
}

export async function runCrosscheck(
  dir: string,
  ts: TypeScriptApi,
  options: CrosscheckOptions = {},
): Promise<CrosscheckReport> {
  const found = discover(dir);
  const files = new Set(found.files.map((f) => f.path));
  const code = found.files
    .filter((f) => f.role === 'code' && isCodePath(f.path) && found.texts.has(f.path))
    .map((f) => ({ path: f.path, text: found.texts.get(f.path)! }));
  const facts = await extractModules(code);
  const imports = new Map<string, readonly ImportFact[]>();
  for (const [i, f] of code.entries()) imports.set(f.path, facts[i]!.imports);
  const readText = (rel: string) => found.texts.get(rel);
  const result = crosscheck({
    files,
    readText,
    imports,
    resolver: createResolver({ root: found.root, files, readText }),
    tsc: createTscResolver(ts, found.root, files),
    ...options,
  });
  return { root: found.root, typescript: ts.version, ...result };
}
