/**
 * Which nodes a declared endpoint names. A glob is matched against the node's path and its key,
 * so `external:node:fs` names the built-in and `src/**` names files; fields of one endpoint must
 * all hold (area AND path AND pattern).
 */
import picomatch from 'picomatch';
import type { MapNode } from '../map/schema.js';
import type { RuleEndpoint } from '../model/config.js';
import type { CheckGraph } from './graph.js';
import { substitutedPattern } from './pattern.js';
import type { ProofmapConfig } from './types.js';

export type NodeTest = (node: MapNode) => boolean;

const list = (v: string | string[] | undefined): string[] =>
  v === undefined ? [] : Array.isArray(v) ? v : [v];

/** Tests a node against globs; dot files count, as `.github/**` should name them. */
export function globTest(globs: string | string[]): NodeTest {
  const is = picomatch(list(globs), { dot: true });
  return (node) => (node.path !== undefined && is(node.path)) || is(node.key);
}

/**
 * undefined when the endpoint names an area that is not declared (reported as unknown-node).
 * `groups` are what the rule's `from.pattern` captured, for a `to` that refers to them.
 */
export function endpointTest(
  endpoint: RuleEndpoint,
  config: ProofmapConfig,
  groups: string[] = [],
): NodeTest | undefined {
  const tests: NodeTest[] = [];
  if (endpoint.area !== undefined) {
    const area = config.areas?.find((a) => a.name === endpoint.area);
    if (!area) return undefined;
    tests.push(globTest(area.path));
  }
  if (endpoint.path !== undefined) tests.push(globTest(endpoint.path));
  if (endpoint.pathNot !== undefined) {
    const not = globTest(endpoint.pathNot);
    tests.push((node) => !not(node));
  }
  // Compiled once per endpoint (and capture); config validation already rejected bad and risky patterns.
  if (endpoint.pattern !== undefined) {
    const re = substitutedPattern(endpoint.pattern, groups);
    tests.push((node) => re(node.path ?? node.key));
  }
  if (endpoint.patternNot !== undefined) {
    const re = substitutedPattern(endpoint.patternNot, groups);
    tests.push((node) => !re(node.path ?? node.key));
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
  if (endpoint.pathNot !== undefined) parts.push(`not ${list(endpoint.pathNot).join(' or ')}`);
  if (endpoint.patternNot !== undefined) parts.push(`not /${endpoint.patternNot}/`);
  if (endpoint.circular) parts.push('on a cycle with it');
  if (endpoint.reachable !== undefined)
    parts.push(endpoint.reachable ? 'reachable from it' : 'not reachable from it');
  return parts.join(' and ') || 'anything';
}
