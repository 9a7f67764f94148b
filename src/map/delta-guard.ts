import { exclusionsFor } from '../discover/exclusions.js';
import type { SourceFile, TextSource } from '../model/facts.js';
import { edgeId } from '../model/ids.js';
import { evidencedBy, literalFound } from '../verify/code-dep.js';
import type { Splice } from './delta-splice.js';
import { validateMap } from './emit.js';
import { checkNode, type GuardResult, gateLog } from './guardian.js';
import type { ProofMap } from './schema.js';
import { treeChanges, treeState } from './tree-state.js';

export function guardDelta(
  root: string,
  splice: Splice,
  files: readonly SourceFile[],
  texts: TextSource,
  isNode: (id: string) => boolean,
): GuardResult {
  const { blockers, checked, count, block } = gateLog();

  const nodes = [...splice.nodes.values()];
  const edges = [...splice.groups.values()].flat();
  const small = splice.text.small;
  count('schema');
  const part: ProofMap = { ...small, nodes, edges };
  for (const problem of validateMap(part))
    block('schema', `map.json does not match proofmap.map/v1: ${problem}`);
  if (blockers.length > 0) return { status: 'proposed', blockers, warnings: [], checked };

  // The listing's own exclusions, as the full guardian applies them.
  const excluded = exclusionsFor(root);
  const zones = new Set(small.zones.map((z) => z.id));
  for (const n of nodes) {
    count('ids');
    checkNode(n, { root, zones, excluded }, { count, block });
  }
  const seen = new Set<string>();
  for (const [from, group] of splice.groups) {
    const fromPath = splice.nodes.get(from)?.path;
    for (const e of group) {
      count('ids');
      if (seen.has(e.id)) block('duplicate-id', `edge id ${e.id} appears more than once`, { edge: e.id });
      seen.add(e.id);
      count('endpoints');
      if (!isNode(e.from) || !isNode(e.to))
        block('endpoints', `edge ${e.id} (${e.relation}) has an endpoint that is not a node`, { edge: e.id });
      if (e.id !== edgeId(e.from, e.to, e.relation))
        block('ids', `edge ${e.id} does not match sha1("edge:${e.from}|${e.to}|${e.relation}")[:12]`, {
          edge: e.id,
        });
      // Typed links kept in a block are declared in documents whose bytes did not change.
      if (e.namespace === 'typed-link') continue;
      count('verified-by');
      const holder = evidencedBy(e.relation) === 'to' ? splice.nodes.get(e.to)?.path : fromPath;
      if (!e.verified_by || !holder || !literalFound(texts.get(holder), e.verified_by))
        block(
          'verified-by',
          `${e.verified_by ?? 'no check'} is no longer found in ${fromPath} (edge ${e.id})`,
          {
            edge: e.id,
          },
        );
    }
  }
  count('writes');
  for (const changed of treeChanges(root, treeState(files)))
    block('writes', `the scan changed ${changed}, outside .proofmap/`);
  return { status: blockers.length === 0 ? 'confirmed' : 'proposed', blockers, warnings: [], checked };
}
