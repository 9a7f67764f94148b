/**
 * The public library API, documented name by name in docs/api.md (test/api/api.test.ts checks
 * that every name exported here is documented there, and runs the examples). Internals (the
 * Brandes betweenness, the seeded PRNG, rounding, graph views, path helpers) are not exported:
 * import what is listed here, and the rest may change without notice.
 */

// Check: declared structure (proofmap.config.*) against the graph.
export { type CheckOptions, check } from './check-run.js';
export { sarifReport } from './checkup/report-sarif.js';
export { textReport } from './checkup/report-text.js';
export type { CheckupResult, Problem, ProblemCode } from './checkup/types.js';
// Claims: what docs and agent files claim, against the code.
export { type ClaimsReport, gateExitCode, renderSarif, renderText } from './claims/index.js';
export { type ClaimsOptions, runClaims } from './claims-run.js';
export type { Decision } from './gate/decide.js';
// The edit gate's decision.
export { decideFile } from './gate-run.js';
export { SEVERITIES, type Severity } from './graph/severity.js';
export { computeSignals, type ImportCycle, type Signals } from './graph/signals.js';
export { readMapFile, validateMap } from './map/emit.js';
export type { Flow, MapEdge, MapNode, ProofMap, Zone } from './map/schema.js';
// Vocabulary shared by every answer.
export { CODE_DEP_RELATIONS, OUTPUT_DIR, TYPED_RELATIONS } from './model/constants.js';
export type { Envelope, Freshness } from './model/envelope.js';
export { BusyError, ConfigError, InputError, ProofmapError } from './model/errors.js';
export { edgeId, nodeId } from './model/ids.js';
export type * from './model/types.js';
// Queries over the index: one session, one function per question.
export { type ChangedFile, type ChangesAnswer, changes } from './query/changes.js';
export type { Check } from './query/checks.js';
export { type Context, context } from './query/context.js';
export { cycles } from './query/cycles.js';
export {
  type ImpactAnswer,
  type ImpactItem,
  type ImpactOptions,
  impact,
  type Mention,
} from './query/impact.js';
export { type Hop, shortestPath } from './query/path.js';
export { RANK_BY, type RankBy, type RankItem, rank } from './query/rank.js';
export { type RefItem, refs } from './query/refs.js';
export type { SearchQueryOptions } from './query/search.js';
export { searchStore } from './query/search.js';
export { search } from './query/search-root.js';
export { openSession, openStoreSession, type Session, type SessionOptions } from './query/session.js';
export { type SymbolSummary, type SymbolUser, symbols, users } from './query/symbols.js';
// Scan: a repository → .proofmap/map.json and its index.
export { type ScanOptions, type ScanResult, scan } from './scan.js';
export type { SearchHit, SearchKind } from './store/index.js';
export { type LocalStore, localStore } from './store/local-store.js';
export { type SharedStore, sharedStore } from './store/pg/shared-store.js';
export type { Backend, QueryStore, StoreSnapshot } from './store/query-store.js';
export type { ViewOptions } from './view/data.js';
// The view: one self-contained HTML page.
export { renderView } from './view/page-file.js';
