/**
 * The document half of a delta, loaded only when a document changed: Markdown parsing
 * (markdown-it, micromark, their entity tables) is ~560 KB of code that a one-file code edit
 * would otherwise load on every rescan.
 */
export { extractDoc } from './extract/markdown.js';
export { applyDocFile, docOwnsCoverage } from './map/delta-doc.js';

export type DocDelta = typeof import('./scan-delta-docs.js');
