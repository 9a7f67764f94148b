/**
 * package.json facts: the package's identity, dependencies (`depends-on`), scripts, entry points
 * and workspaces. JSON.parse gives no positions, so each fact's line is found by locating its key
 * after its section's key in the text; the evidence excerpt is that line, so a re-check can find it.
 */
import type { Coverage } from '../model/types.js';

export const DEPENDENCY_FIELDS = [
  'dependencies',
  'devDependencies',
  'peerDependencies',
  'optionalDependencies',
] as const;
export type DependencyField = (typeof DEPENDENCY_FIELDS)[number];

export interface Located {
  line: number;
  column: number;
}
export interface PackageFacts {
  name?: string;
  version?: string;
  private?: boolean;
  nameAt?: Located;
  dependencies: ({ name: string; range: string; field: DependencyField } & Located)[];
  scripts: ({ name: string; command: string } & Located)[];
  /** bin/main/module/types/exports targets, as written. */
  entries: ({ field: string; target: string } & Located)[];
  /** Workspace globs (npm/yarn `workspaces`). */
  workspaces: string[];
  engines: Record<string, string>;
  coverage: Coverage[];
}

export function extractPackageJson(path: string, text: string): PackageFacts {
  const facts: PackageFacts = {
    dependencies: [],
    scripts: [],
    entries: [],
    workspaces: [],
    engines: {},
    coverage: [],
  };
  let json: Record<string, unknown>;
  try {
    const parsed: unknown = JSON.parse(text);
    if (!isRecord(parsed)) throw new Error('not an object');
    json = parsed;
  } catch (error) {
    facts.coverage.push({
      analyzer: 'package-json',
      scope: path,
      status: 'failed',
      reason: `invalid JSON: ${(error as Error).message}`,
    });
    return facts;
  }
  const locate = locator(text);
  if (typeof json.name === 'string') {
    facts.name = json.name;
    facts.nameAt = locate(['name']);
  }
  if (typeof json.version === 'string') facts.version = json.version;
  if (json.private === true) facts.private = true;
  for (const field of DEPENDENCY_FIELDS) {
    const deps = json[field];
    if (!isRecord(deps)) continue;
    for (const [name, range] of Object.entries(deps))
      facts.dependencies.push({ name, range: String(range), field, ...locate([field, name]) });
  }
  if (isRecord(json.scripts))
    for (const [name, command] of Object.entries(json.scripts))
      if (typeof command === 'string') facts.scripts.push({ name, command, ...locate(['scripts', name]) });
  for (const field of ['main', 'module', 'types', 'typings', 'browser'])
    if (typeof json[field] === 'string')
      facts.entries.push({ field, target: json[field] as string, ...locate([field]) });
  if (typeof json.bin === 'string')
    facts.entries.push({ field: 'bin', target: json.bin, ...locate(['bin']) });
  else if (isRecord(json.bin))
    for (const [name, target] of Object.entries(json.bin))
      if (typeof target === 'string')
        facts.entries.push({ field: `bin.${name}`, target, ...locate(['bin', name]) });
  for (const [key, target] of exportTargets(json.exports, 'exports'))
    facts.entries.push({ field: key, target, ...locate(['exports', ...key.split('\u0000').slice(1)]) });
  const ws = json.workspaces;
  const globs = Array.isArray(ws) ? ws : isRecord(ws) && Array.isArray(ws.packages) ? ws.packages : [];
  facts.workspaces = globs.filter((g): g is string => typeof g === 'string');
  if (isRecord(json.engines))
    for (const [k, v] of Object.entries(json.engines)) if (typeof v === 'string') facts.engines[k] = v;
  for (const e of facts.entries) {
    const [head, ...keys] = e.field.split('\u0000');
    e.field = `${head}${keys.map((k) => `[${JSON.stringify(k)}]`).join('')}`;
  }
  return facts;
}

/** Leaf string targets of an `exports` map, keyed by their NUL-joined key path. */
function* exportTargets(value: unknown, key: string): Generator<[string, string]> {
  if (typeof value === 'string') yield [key, value];
  else if (Array.isArray(value)) for (const v of value) yield* exportTargets(v, key);
  else if (isRecord(value))
    for (const [k, v] of Object.entries(value)) yield* exportTargets(v, `${key}\u0000${k}`);
}

/** Finds the line/column of a key path (`["dependencies","react"]`) by scanning forward. */
function locator(text: string): (keys: string[]) => Located {
  const lineStarts = [0];
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 10) lineStarts.push(i + 1);
  const position = (offset: number): Located => {
    let lo = 0;
    let hi = lineStarts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (lineStarts[mid]! <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, column: offset - lineStarts[lo]! + 1 };
  };
  return (keys) => {
    let at = 0;
    for (const key of keys) {
      const found = text.indexOf(JSON.stringify(key), at);
      if (found < 0) break;
      at = found;
    }
    return position(at);
  };
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
