/**
 * map_rescan: runs the scan in-process (incremental: unchanged files reuse cached facts), then
 * drops the session so the next call reads the new snapshot. Rescans are serialised: a second
 * call while one runs waits for it and rescans again, so its answer reflects the tree as it was
 * when it was asked.
 */
import type { ProofMap } from '../../map/schema.js';
import { InputError } from '../../model/errors.js';
import { scan } from '../../scan.js';
import type { Answer } from '../budget.js';
import { blockerItem, envelopeOf } from '../schemas.js';
import type { ToolSpec } from '../spec.js';

/** The rescan in flight per workspace (connections of one server share it). */
const running = new WeakMap<object, Promise<unknown>>();

export const rescanTool: ToolSpec<Record<string, never>> = {
  name: 'map_rescan',
  title: 'Rescan after editing',
  description:
    'Call after you edited files, or when an answer says STALE: re-indexes the repository (incremental, usually well under a second for a few changed files) so later answers are fresh. Items are the guardian blockers that keep the map "proposed".',
  input: {},
  output: envelopeOf(blockerItem),
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  async run(ws) {
    if (ws.shared)
      throw new InputError(`this server reads ${ws.shared} from the shared index; it cannot rescan`, {
        hint: 'the shared index changes when CI runs proofmap publish; the server reads each new commit by itself',
      });
    const run = (running.get(ws) ?? Promise.resolve())
      .catch(() => undefined)
      .then(() => scan({ root: ws.root }));
    running.set(ws, run);
    const started = Date.now();
    const result = await run;
    // An unchanged tree wrote no snapshot: the open session still reads the current one, and
    // dropping it would make the next call pay the reopen (a second on a 7k-file map) for nothing.
    if (!result.unchanged || result.recovered) ws.refresh();
    const epoch = ws.store().epoch();
    // An unchanged scan's map is the one on disk, parsed only when read (39 MB on a 7k-file
    // repository): the session holds that same snapshot already, so it is counted there.
    const files = filesOf(result.unchanged ? ws.session().map : result.map);
    const items = result.guard.blockers;
    return {
      query: 'rescan',
      items,
      total: items.length,
      returned: items.length,
      truncated: false,
      freshness: { epoch, stale: [], missing: [], fresh: true },
      ...(result.recovered ? { notes: [result.recovered] } : {}),
      status: result.guard.status,
      files,
      parsed: result.parsed,
      reused: result.reused,
      ms: Date.now() - started,
    } satisfies Answer;
  },
  next: (a) =>
    a.total > 0
      ? {
          hint: 'the map has blockers: see the declared structure',
          tool: 'map_check',
          arguments: { what: 'structure' },
        }
      : { hint: 'nothing more to learn here: answers are fresh again' },
};

const counted = new WeakMap<ProofMap, number>();

/** The map's nodes that are files on disk (not packages, scripts or symbols), counted once per map. */
function filesOf(map: ProofMap): number {
  let n = counted.get(map);
  if (n === undefined) {
    n = map.nodes.filter(
      (node) =>
        node.path !== undefined &&
        node.kind !== 'package' &&
        node.kind !== 'script' &&
        node.kind !== 'symbol',
    ).length;
    counted.set(map, n);
  }
  return n;
}
