/** The query facade: one session over the index, one function per question. */
export { type ChangedFile, type ChangesAnswer, changes } from './changes.js';
export type { Check } from './checks.js';
export { type Context, context } from './context.js';
export { cycles } from './cycles.js';
export { type ImpactAnswer, type ImpactItem, type ImpactOptions, impact, type Mention } from './impact.js';
export { type Owners, ownersOf } from './owners.js';
export { type Hop, shortestPath } from './path.js';
export { RANK_BY, type RankBy, type RankItem, rank } from './rank.js';
export { type RefItem, refs } from './refs.js';
export { type RepoMapItem, repoMap } from './repo-map.js';
export {
  createSession,
  openSession,
  openStoreSession,
  type Session,
  type SessionDeps,
  type SessionOptions,
  sessionOf,
} from './session.js';
export { type SymbolSummary, type SymbolUser, symbols, users } from './symbols.js';
export { resolveTarget, type Target } from './target.js';
