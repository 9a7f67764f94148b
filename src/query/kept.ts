/**
 * Answers' parts kept per session for a resident server (MCP), which is asked about the same hub
 * again and again. A session reads one snapshot and is reopened when the index epoch moves, so
 * whatever is kept under it can never describe an older map than the one it was read from; what
 * depends on more than the snapshot (freshness, consult markers, files read from disk) must not
 * be kept here. A few entries per session, the least recently used dropped first, so a long
 * session asking about many files stays bounded.
 */
import type { Session } from './session.js';

export type Kept<T> = (session: Session, key: string, build: () => T) => T;

export function keptPerSession<T>(size: number): Kept<T> {
  const bySession = new WeakMap<Session, Map<string, T>>();
  return (session, key, build) => {
    let kept = bySession.get(session);
    if (!kept) {
      kept = new Map();
      bySession.set(session, kept);
    }
    const known = kept.get(key);
    if (known !== undefined) {
      kept.delete(key);
      kept.set(key, known);
      return known;
    }
    // A build that throws (an unknown target) keeps nothing: the next call asks again.
    const built = build();
    kept.set(key, built);
    if (kept.size > size) kept.delete(kept.keys().next().value!);
    return built;
  };
}
