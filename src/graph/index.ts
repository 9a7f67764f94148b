/** graph/: views over the map, the signals computed on them, and the GraphMemory projection. */
export { brandes } from './betweenness.js';
export { areaSuggestions, sharedDirectory } from './communities.js';
export { cycleThrough, stronglyConnected } from './cycles.js';
export { type Indexed, indexView } from './indexed.js';
export { GraphMemory } from './memory.js';
export type {
  EdgeFilter,
  GraphMemoryContract,
  Neighbor,
  NeighborOptions,
  NodeFilter,
} from './memory-contract.js';
export { pagerank } from './pagerank.js';
export { round6, samplePivots, seededRandom } from './prng.js';
export { type Near, proximity } from './proximity.js';
export { dependentCounts } from './reach.js';
export {
  DEPENDENTS_CAP,
  SEVERITIES,
  type Severity,
  type SeverityThresholds,
  severityOf,
} from './severity.js';
export {
  computeSignals,
  type ImportCycle,
  SIGNALS_KIND,
  type SignalOptions,
  type Signals,
} from './signals.js';
export {
  buildView,
  DOC_RELATIONS,
  IMPORT_RELATIONS,
  relationsOf,
  type View,
  type ViewKind,
  type ViewOptions,
} from './views.js';
