/** map_areas: the areas the import graph suggests, as `proofmap areas` lists them (read-only). */
import { z } from 'zod';
import { suggestAreas } from '../../graph/areas.js';
import { paginate } from '../../model/envelope.js';
import type { Session } from '../../query/index.js';
import type { Answer } from '../budget.js';
import { cursor, pageSize } from '../inputs.js';
import { envelopeOf } from '../schemas.js';
import { READ_ONLY, type ToolSpec } from '../spec.js';

const input = {
  seed: z.number().int().min(0).default(1).describe('the same seed gives the same areas (default 1)'),
  min_size: z.number().int().min(1).default(5).describe('smallest community listed (default 5 files)'),
  limit: pageSize(10, 100),
  cursor,
};

const areaItem = z.looseObject({
  name: z.string(),
  path: z.array(z.string()),
  files: z.array(z.string()),
  cohesion: z.number(),
  crossing: z.looseObject({ total: z.number().int() }),
});

export const areasTool: ToolSpec<typeof input> = {
  name: 'map_areas',
  title: 'Suggested areas',
  description:
    'Call to see how the code clusters: parts of the repository the import graph suggests (seeded Louvain communities), each with its files, path globs, cohesion and the import edges that cross its border with file:line evidence. Suggestions for a person to review (`proofmap areas --write`), not declared areas.',
  input,
  output: envelopeOf(areaItem),
  annotations: READ_ONLY,
  run(ws, args) {
    const session = ws.session();
    const page = paginate(areasOf(session, args.seed, args.min_size), args.limit, args.cursor);
    return {
      query: `areas --seed ${args.seed} --min-size ${args.min_size}`,
      ...page,
      // Replaced after the budget cut by the freshness of the files left in the answer (listed).
      freshness: session.deps.freshness([]),
    } as unknown as Answer;
  },
  // A page of areas spans thousands of files on a large repository, a stat each: the freshness
  // checks those the cut answer still lists, which is what an agent reads and may act on.
  listed(a) {
    const paths = (a.items as { files: string[] }[]).flatMap((area) => area.files);
    return {
      paths,
      covers: `the ${new Set(paths).size} files listed in this answer, not every file of its areas`,
    };
  },
};

// Louvain over a 7k-file graph takes most of a second; a session's map never changes, and the
// same seed gives the same areas, so a resident server computes each (seed, size) once.
const computed = new WeakMap<Session, Map<string, ReturnType<typeof suggestAreas>>>();

function areasOf(session: Session, seed: number, minSize: number): ReturnType<typeof suggestAreas> {
  let known = computed.get(session);
  if (!known) {
    known = new Map();
    computed.set(session, known);
  }
  const key = `${seed}:${minSize}`;
  let areas = known.get(key);
  if (!areas) {
    areas = suggestAreas(session.map, { seed, minSize });
    known.set(key, areas);
  }
  return areas;
}
