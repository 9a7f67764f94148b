/**
 * proofmap's resolution against the compiler's, specifier by specifier, over internal file→file
 * edges. Two answers agree when they name the same module: a declaration file and the code beside
 * it (`x.d.ts`, `x.js`) are one module, and a value import that tsc lands on the declarations of
 * the very entry proofmap's type-only resolution gives is counted as agreeing ("declarations":
 * tsc always resolves for types, proofmap for the code that runs).
 */

import { samplePivots } from '../graph/prng.js';
import type { ImportFact } from '../model/facts.js';
import { normalizeRepoPath } from '../model/paths.js';
import { mapTargets } from '../resolve/exports-map.js';
import { type Resolution, type Resolver, syntaxOf } from '../resolve/index.js';
import { readJsonRecord } from '../resolve/jsonc.js';
import { packageName, packageSubpath } from '../resolve/specifier.js';
import { dirOf } from '../resolve/tsconfig.js';
import { type Cause, causeOf, isAsset } from './causes.js';
import type { TscResolver, TscTarget } from './tsc.js';

export interface CrosscheckInput {
  files: ReadonlySet<string>;
  readText(rel: string): string | undefined;
  /** Extracted imports of every code file. */
  imports: ReadonlyMap<string, readonly ImportFact[]>;
  resolver: Resolver;
  tsc: TscResolver;
  /** Compare a seeded sample of this many specifiers instead of all. */
  sample?: number;
  seed?: number;
}

export interface Disagreement {
  cause: Cause;
  /** Importing file and the specifier's 1-based line and column. */
  from: string;
  line: number;
  column: number;
  specifier: string;
  /** What each side made of it: a repo-relative file, or external / unresolved / undiscovered. */
  proofmap: string;
  tsc: string;
  /** One sentence saying why they differ, from what proofmap knows (its unresolved reason, via). */
  note: string;
}

export interface CrosscheckResult {
  /** Code files and specifiers seen; `compared` is the sample size when sampling. */
  files: number;
  specifiers: number;
  compared: number;
  /** Distinct internal (from, to) pairs each side found, and how many both found. */
  pairs: { proofmap: number; tsc: number; both: number };
  precision: number;
  recall: number;
  /** both / (proofmap ∪ tsc): 1 when the two edge sets are identical. */
  agreement: number;
  /** Value imports counted as agreeing because tsc took the declarations of the same entry. */
  declarations: number;
  /** Sorted by cause, then file and line. */
  disagreements: Disagreement[];
}

const DECLARATION = /\.d\.([cm]?)ts$/;
const CODE_SIBLINGS: Record<string, string[]> = {
  '': ['.js', '.ts', '.tsx', '.jsx'],
  m: ['.mjs', '.mts'],
  c: ['.cjs', '.cts'],
};

export function crosscheck(input: CrosscheckInput): CrosscheckResult {
  const { files, resolver, tsc } = input;
  // x.d.ts and x.js are one module: both sides are keyed by the code file when it exists.
  const moduleKey = (rel: string): string => {
    const m = DECLARATION.exec(rel);
    if (!m) return rel;
    const stem = rel.slice(0, -m[0].length);
    return CODE_SIBLINGS[m[1]!]!.map((e) => stem + e).find((c) => files.has(c)) ?? rel;
  };
  const all: [string, ImportFact][] = [];
  for (const [from, facts] of [...input.imports].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
    for (const fact of facts) all.push([from, fact]);
  const chosen =
    input.sample !== undefined && input.sample < all.length
      ? samplePivots(all.length, input.sample, input.seed ?? 1).map((i) => all[i]!)
      : all;

  const ours = new Set<string>();
  const theirs = new Set<string>();
  const disagreements: Disagreement[] = [];
  let declarations = 0;
  for (const [from, fact] of chosen) {
    const syntax = fact.referencePath ? 'reference' : syntaxOf(fact.relation);
    const options = {
      typeOnly: fact.typeOnly,
      referencePath: fact.referencePath === true,
      ...(syntax === 'reference' ? {} : { syntax }),
    };
    const mine = resolver.resolve(from, fact.specifier, options);
    const their = tsc.resolve(from, fact.specifier, syntax);
    const mineKey = mine.kind === 'file' ? moduleKey(mine.path) : undefined;
    let theirKey = their.kind === 'file' ? moduleKey(their.path) : undefined;
    // tsc never looks past `types`, so its answer cannot show which code file a value import
    // means. The declarations rule holds only when the package's exports map, walked with tsc's
    // own conditions without `types`, names proofmap's file: a `browser` pick never passes.
    if (
      mineKey !== undefined &&
      theirKey !== undefined &&
      mineKey !== theirKey &&
      !fact.typeOnly &&
      syntax !== 'reference' &&
      codeEntryAgrees(
        input,
        fact.specifier,
        their.kind === 'file' ? their.path : '',
        mine,
        tsc.conditions(from, syntax),
      )
    ) {
      const typed = resolver.resolve(from, fact.specifier, { ...options, typeOnly: true });
      if (typed.kind === 'file' && moduleKey(typed.path) === theirKey) {
        declarations++;
        theirKey = mineKey;
      }
    }
    // tsc resolves no CSS or SVG: such an edge is shown (cause asset) but is not a disagreement.
    if (mineKey !== undefined && !(isAsset(mine) && their.kind === 'unresolved'))
      ours.add(`${from}\0${mineKey}`);
    if (theirKey !== undefined) theirs.add(`${from}\0${theirKey}`);
    // Neither side an internal file is no internal edge to compare, unless tsc found a file that
    // proofmap does not list at all.
    if (mineKey === theirKey && their.kind !== 'undiscovered') continue;
    const lineText = (input.readText(from) ?? '').split('\n')[fact.line - 1] ?? '';
    const cause = causeOf({ from, fact, mine, their, lineText, resolver, tscPaths: tsc.pathsOf(from) });
    disagreements.push({
      cause: cause.cause,
      from,
      line: fact.line,
      column: fact.column,
      specifier: fact.specifier,
      proofmap: describeOurs(mine),
      tsc: describeTheirs(their),
      note: cause.note,
    });
  }
  const both = [...ours].filter((p) => theirs.has(p)).length;
  const union = ours.size + theirs.size - both;
  disagreements.sort(
    (a, b) => compare(a.cause, b.cause) || compare(a.from, b.from) || a.line - b.line || a.column - b.column,
  );
  return {
    files: input.imports.size,
    specifiers: all.length,
    compared: chosen.length,
    pairs: { proofmap: ours.size, tsc: theirs.size, both },
    precision: ours.size === 0 ? 1 : both / ours.size,
    recall: theirs.size === 0 ? 1 : both / theirs.size,
    agreement: union === 0 ? 1 : both / union,
    declarations,
    disagreements,
  };
}

/**
 * For a bare specifier whose package has an exports map: does the map, under tsc's conditions
 * minus `types`, name the file proofmap took (up to its source extension)? Without an exports map
 * there is nothing to choose between, so the declarations rule holds.
 */
function codeEntryAgrees(
  input: CrosscheckInput,
  specifier: string,
  theirs: string,
  mine: Resolution,
  conditions: readonly string[],
): boolean {
  const name = packageName(specifier);
  if (mine.kind !== 'file' || name === undefined || specifier.startsWith('.')) return true;
  // The package folder: the nearest package.json above tsc's file that has this name.
  for (let dir = dirOf(theirs); ; dir = dirOf(dir)) {
    const manifest = dir ? `${dir}/package.json` : 'package.json';
    const json = input.files.has(manifest) ? readJsonRecord(input.readText, manifest) : undefined;
    if (json?.name === name) {
      if (json.exports === undefined) return true;
      const [first] = mapTargets(
        json.exports,
        packageSubpath(specifier, name),
        conditions.filter((c) => c !== 'types'),
      );
      const target = first === undefined ? undefined : normalizeRepoPath(dir ? `${dir}/${first}` : first);
      const stem = (p: string) => p.replace(/(?:\.d)?\.[cm]?[jt]sx?$/, '');
      return target !== undefined && stem(target) === stem(mine.path);
    }
    if (dir === '') return true;
  }
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function describeOurs(r: Resolution): string {
  if (r.kind === 'file') return r.path;
  if (r.kind === 'unresolved') return 'unresolved';
  return `${r.kind} ${r.name}`;
}

function describeTheirs(t: TscTarget): string {
  if (t.kind === 'file') return t.path;
  if (t.kind === 'undiscovered') return `${t.path} (not listed by proofmap)`;
  return t.kind;
}
