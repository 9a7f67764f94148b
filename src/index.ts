/**
 * The public library API. The CLI, the MCP server, the hook and the viewer call only this.
 */

export { type ClaimsReport, gateExitCode, renderSarif, renderText } from './claims/index.js';
export { type ClaimsOptions, runClaims } from './claims-run.js';
export * from './graph/index.js';
export { readMapFile, validateMap } from './map/emit.js';
export type { Flow, MapEdge, MapNode, ProofMap, Zone } from './map/schema.js';
export * from './model/index.js';
export * from './query/index.js';
export { type ScanOptions, type ScanResult, scan } from './scan.js';
