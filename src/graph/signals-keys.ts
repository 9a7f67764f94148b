/**
 * The keys of cached signals in the index, apart from the code that computes them, so that a
 * rescan of an unchanged tree can look them up without loading the graph library.
 */
export const SIGNALS_KIND = 'signals';
/** Bumped when the Signals shape changes: an older cache is then recomputed, never misread. */
export const SIGNALS_VERSION = 1;
