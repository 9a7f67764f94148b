/** `cycles`: the import cycles of the map, one elementary cycle per strongly connected component. */
import type { ImportCycle } from '../graph/signals.js';
import { type Envelope, paginate } from '../model/envelope.js';
import type { Session } from './session.js';

export function cycles(
  session: Session,
  opts: { limit?: number; cursor?: string } = {},
): Envelope<ImportCycle> {
  const { cycles: found } = session.signals();
  const page = paginate(found.items, opts.limit ?? 16, opts.cursor);
  const notes =
    found.total > found.items.length
      ? [
          `${found.total} strongly connected components; the first ${found.items.length} are kept in the signals`,
        ]
      : [];
  const lag = session.signalsNote();
  if (lag) notes.push(lag);
  return {
    query: 'cycles',
    ...page,
    // total is the true count of cyclic components, even past what the signals kept.
    total: found.total,
    truncated: page.truncated || found.total > found.items.length,
    freshness: session.deps.freshness([...new Set(page.items.flatMap((c) => c.paths))]),
    ...(notes.length > 0 ? { notes } : {}),
  };
}
