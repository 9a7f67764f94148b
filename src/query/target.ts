/**
 * What a query is about: a repo-relative path (file, document, a folder prefix), a package name,
 * or an exported symbol. An unknown target is an InputError naming the nearest paths and names,
 * so a typo costs one retry, not a search.
 */
import type { MapNode } from '../map/schema.js';
import { InputError } from '../model/errors.js';
import { compareStrings, normalizeRepoPath } from '../model/paths.js';
import type { Session } from './session.js';

export type Target =
  /** folder: every file under a folder prefix (never marks them consulted, see consulted.ts). */
  | { kind: 'path'; text: string; nodes: MapNode[]; folder?: boolean }
  | { kind: 'package'; text: string; nodes: MapNode[] }
  | { kind: 'symbol'; text: string; name: string; nodes: MapNode[] };

export interface TargetOptions {
  /** Accept package names (context). */
  packages?: boolean;
  /** Accept exported symbols (impact, refs). */
  symbols?: boolean;
}

export function resolveTarget(session: Session, text: string, opts: TargetOptions = {}): Target {
  const clean = normalizeRepoPath(text.replace(/^\.\//, ''));
  if (clean !== undefined) {
    const exact = session.nodeAt(clean);
    if (exact) return { kind: 'path', text, nodes: [exact] };
    // A folder: every file under it.
    const under = session.map.nodes.filter((n) => n.kind === 'file' && n.path?.startsWith(`${clean}/`));
    if (under.length > 0) return { kind: 'path', text, nodes: under, folder: true };
  }
  if (opts.packages) {
    const pkg = session.map.nodes.filter(
      (n) => n.kind === 'package' && !n.external && (n.label === text || n.key === text),
    );
    if (pkg.length > 0) return { kind: 'package', text, nodes: pkg };
  }
  if (opts.symbols) {
    const name = text.replace(/^.*#/, '');
    const exporters = session.map.nodes.filter((n) => n.exports?.some((e) => e.name === name));
    if (exporters.length > 0) return { kind: 'symbol', text, name, nodes: exporters };
  }
  throw new InputError(
    `"${text}" is not a path, ${opts.packages ? 'package, ' : ''}${opts.symbols ? 'symbol ' : ''}in the map`,
    {
      hint: nearestHint(session, text, opts),
    },
  );
}

function nearestHint(session: Session, text: string, opts: TargetOptions): string {
  const candidates = new Set<string>();
  for (const n of session.map.nodes) {
    if (n.external) continue;
    if (n.path !== undefined) candidates.add(n.path);
    if (opts.packages && n.kind === 'package') candidates.add(n.label);
    if (opts.symbols) for (const e of n.exports ?? []) if (e.name !== '*') candidates.add(e.name);
  }
  const scored = [...candidates]
    .map((c) => ({ c, d: Math.min(distance(text, c), distance(text, c.slice(c.lastIndexOf('/') + 1)) + 1) }))
    .sort((a, b) => a.d - b.d || compareStrings(a.c, b.c))
    .slice(0, 3);
  return scored.length > 0
    ? `nearest: ${scored.map((s) => s.c).join(', ')}`
    : 'run `proofmap scan` to index the repository';
}

/** Levenshtein distance, two rows. */
export function distance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      row[j] = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    prev = row;
  }
  return prev[b.length]!;
}
