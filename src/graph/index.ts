/** graph/: views over the map, the signals computed on them, and the GraphMemory projection. */
export { brandes } from './betweenness.js';
export { areaSuggestions, sharedDirectory } from './communities.js';
export { cycleThrough, stronglyConnected } from './cycles.js';
export { type Indexed, indexView } from './indexed.js';
export { type EdgeFilter, GraphMemory, type NeighborOptions, type NodeFilter } from './memory.js';
export { pagerank } from './pagerank.js';
export { round6, samplePivots, seededRandom } from './prng.js';
export { type Near, proximity } from './proximity.js';
export { dependentCounts } from './reach.js';
export { DEPENDENTS_CAP, SEVERITIES, type Severity, type SeverityThresholds, severityOf } from './severity.js';
export { computeSignals, type ImportCycle, type SignalOptions, type Signals, SIGNALS_KIND } from './signals.js';
export { buildView, IMPORT_RELATIONS, DOC_RELATIONS, relationsOf, type View, type ViewKind, type ViewOptions } from './views.js';
