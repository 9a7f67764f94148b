/**
 * Why proofmap and tsc disagree on one specifier, named by the class of rule involved so that a
 * disagreement list reads as a to-do list for the resolver. The first rule that applies wins.
 */
import type { ImportFact } from '../model/facts.js';
import { type Resolution, type Resolver, syntaxOf } from '../resolve/index.js';
import { matchPathsAlias } from '../resolve/paths-alias.js';
import { packageName, specifierKind } from '../resolve/specifier.js';
import type { TscTarget } from './tsc.js';

export const CAUSES = {
  augmentation: 'A `declare module` augmentation resolved differently.',
  'excluded-folder': 'tsc lands on a file that proofmap does not list (an excluded or ignored folder).',
  extension: 'The file-extension rules differ (node16/nodenext ESM, explicit .ts, declarations).',
  paths: 'A tsconfig `paths` alias resolved differently.',
  workspace: 'A workspace package resolved differently (proofmap resolves it without node_modules).',
  condition: 'An exports map gave a different file under the two sets of conditions.',
  relative: 'A relative specifier resolved differently.',
  other: 'Any other difference.',
  asset:
    'proofmap maps a non-code file (CSS, SVG, …) that tsc does not resolve; not counted in precision or recall.',
} as const;

export type Cause = keyof typeof CAUSES;

export interface CauseInput {
  from: string;
  fact: ImportFact;
  mine: Resolution;
  their: TscTarget;
  /** The importing file's line holding the specifier. */
  lineText: string;
  resolver: Resolver;
  tscPaths: Record<string, string[]> | undefined;
}

export function causeOf(input: CauseInput): { cause: Cause; note: string } {
  const { fact, mine, their, resolver } = input;
  const spec = fact.specifier;
  const env = resolver.environment(input.from, { typeOnly: fact.typeOnly, syntax: syntaxOf(fact.relation) });
  const how =
    mine.kind === 'file'
      ? [mine.via && `via ${mine.via}`, mine.condition && `condition ${mine.condition}`]
          .filter(Boolean)
          .join(', ')
      : '';
  const ours =
    mine.kind === 'unresolved'
      ? `proofmap: ${mine.reason}`
      : `proofmap ${mine.kind === 'file' ? `took ${mine.path}` : `took the ${mine.kind} ${mine.name}`}${how ? ` (${how})` : ''}`;
  const theirs =
    their.kind === 'file' || their.kind === 'undiscovered'
      ? `tsc took ${their.path}`
      : `tsc found ${their.kind === 'external' ? 'a package outside the repository' : 'nothing'}`;
  const note = `${ours}; ${theirs}.`;
  if (isAsset(mine) && their.kind === 'unresolved') return { cause: 'asset', note };
  if (/\bdeclare\s+module\b/.test(input.lineText) && fact.names.length === 0)
    return { cause: 'augmentation', note };
  if (their.kind === 'undiscovered') return { cause: 'excluded-folder', note };
  const stem = (p: string) => p.replace(/(?:\.d)?\.[cm]?[jt]sx?$/, '');
  if (
    (mine.kind === 'unresolved' && /node16\/nodenext/.test(mine.reason)) ||
    (mine.kind === 'file' && their.kind === 'file' && stem(mine.path) === stem(their.path))
  )
    return { cause: 'extension', note };
  if (input.tscPaths && matchPathsAlias(input.tscPaths, spec)) return { cause: 'paths', note };
  const kind = specifierKind(spec);
  const name = kind === 'bare' ? packageName(spec) : undefined;
  if (mine.kind === 'file' && their.kind === 'file' && (kind === 'bare' || kind === 'imports'))
    return { cause: 'condition', note: `${note} proofmap's conditions here: ${env.conditions.join(', ')}.` };
  if (name !== undefined && resolver.workspaces.has(name))
    return {
      cause: 'workspace',
      note:
        their.kind === 'unresolved'
          ? `${note} tsc finds a workspace package only through node_modules: install the workspace for a like-for-like comparison.`
          : note,
    };
  if (kind === 'relative' || fact.referencePath) return { cause: 'relative', note };
  return { cause: 'other', note };
}

/** A file tsc never resolves a module specifier to: anything but code, declarations and JSON. */
export function isAsset(r: Resolution): boolean {
  return r.kind === 'file' && !/\.(?:[cm]?[jt]sx?|json)$/.test(r.path);
}
