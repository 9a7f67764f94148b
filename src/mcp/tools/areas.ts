/** map_areas: the areas the import graph suggests, as `proofmap areas` lists them (read-only). */
import { z } from 'zod';
import { suggestAreas } from '../../graph/areas.js';
import { paginate } from '../../model/envelope.js';
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
    const areas = suggestAreas(session.map, { seed: args.seed, minSize: args.min_size });
    return {
      query: `areas --seed ${args.seed} --min-size ${args.min_size}`,
      ...paginate(areas, args.limit, args.cursor),
      freshness: session.deps.freshness(areas.flatMap((a) => a.files)),
    } as unknown as Answer;
  },
};
