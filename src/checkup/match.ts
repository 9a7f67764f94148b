/**
 * Which nodes a declared endpoint names. A glob is matched against the node's path and its key,
 * so `external:node:fs` names the built-in and `src/**` names files; fields of one endpoint must
 * all hold (area AND path AND pattern).
 */

import picomatch from 'picomatch';
import type { MapNode } from '../map/schema.js';
import type { RuleEndpoint } from '../model/config.js';
import { compileUserPattern } from '../model/user-regex.js';
import type { CheckGraph } from './graph.js';
import type { ProofmapConfig } from './types.js';

export type NodeTest = (node: MapNode) => boolean;

const list = (v: string | string[] | undefined): string[] =>
  v === undefined ? [] : Array.isArray(v) ? v : [v];

/** Tests a node against globs; dot files count, as `.github/**` should name them. */
export function globTest(globs: string | string[]): NodeTest {
  const is = picomatch(list(globs), { dot: true });
  return (node) => (node.path !== undefined && is(node.path)) || is(node.key);
}

/** undefined when the endpoint names an area that is not declared (reported as unknown-node). */
export function endpointTest(endpoint: RuleEndpoint, config: ProofmapConfig): NodeTest | undefined {
  const tests: NodeTest[] = [];
  if (endpoint.area !== undefined) {
    const area = config.areas?.find((a) => a.name === endpoint.area);
    if (!area) return undefined;
    tests.push(globTest(area.path));
  }
  if (endpoint.path !== undefined) tests.push(globTest(endpoint.path));
  if (endpoint.pattern !== undefined) {
    // Compiled once per endpoint, on RE2 (linear time); config validation rejected bad patterns.
    const re = compileUserPattern(endpoint.pattern);
    tests.push((node) => re.test(node.path ?? node.key));
  }
  return (node) => tests.every((t) => t(node));
}

/** Ids of the nodes a test selects, in the graph's sorted order. */
export function select(graph: CheckGraph, test: NodeTest): string[] {
  return graph.sortedIds.filter((id) => test(graph.nodes.get(id)!));
}

/** A short human description of an endpoint: `area "cli"`, `src/model/**`, `/re/`. */
export function describeEndpoint(endpoint: RuleEndpoint): string {
  const parts: string[] = [];
  if (endpoint.area !== undefined) parts.push(`area "${endpoint.area}"`);
  if (endpoint.path !== undefined) parts.push(list(endpoint.path).join(' or '));
  if (endpoint.pattern !== undefined) parts.push(`/${endpoint.pattern}/`);
  return parts.join(' and ') || 'anything';
}
