/**
 * YAML front matter: the data for DocFacts, and the same YAML re-read with source ranges for the
 * artifact extractor, which must cite the line of each declared link.
 */
import type { Root } from 'mdast';
import type { Document, LineCounter } from 'yaml';
import type { Coverage } from '../model/index.js';
import { yaml as yamlPackage } from '../model/yaml.js';
import type { DocFrontMatter } from './markdown-types.js';

export interface FrontMatterRead {
  frontMatter?: DocFrontMatter;
  coverage: Coverage[];
}

/** Parses YAML without throwing; errors are on the returned document. */
export function parseFrontMatterYaml(yaml: string): { document: Document; lines: LineCounter } {
  const { LineCounter: Lines, parseDocument } = yamlPackage();
  const lines = new Lines();
  const document = parseDocument(yaml, { lineCounter: lines, prettyErrors: false });
  return { document, lines };
}

export function readFrontMatter(path: string, root: Root): FrontMatterRead {
  const node = root.children[0];
  if (node?.type !== 'yaml' || !node.position) return { coverage: [] };
  return readFrontMatterValue(path, node.value, node.position.start.line, node.position.end.line);
}

/** The YAML between the fences (`line` opens, `endLine` closes) → DocFacts' front matter. */
export function readFrontMatterValue(
  path: string,
  value: string,
  line: number,
  endLine: number,
): FrontMatterRead {
  const scope = `${path}:${line}`;
  const { document } = parseFrontMatterYaml(value);
  const problem = document.errors[0];
  if (problem) {
    const reason = `Front matter is not valid YAML (${problem.message.split('\n')[0]}), so its keys were not read.`;
    return { coverage: [{ analyzer: 'markdown', scope, status: 'partial', reason }] };
  }
  let data: unknown;
  try {
    // maxAliasCount bounds alias expansion ("billion laughs") in an untrusted document.
    data = document.toJS({ maxAliasCount: 100 });
  } catch (cause) {
    const reason = `Front matter could not be converted (${(cause as Error).message}), so its keys were not read.`;
    return { coverage: [{ analyzer: 'markdown', scope, status: 'partial', reason }] };
  }
  if (data === null || data === undefined) return { frontMatter: { data: {}, line, endLine }, coverage: [] };
  if (typeof data !== 'object' || Array.isArray(data)) {
    const reason = 'Front matter is not a YAML mapping of keys to values, so it was not read.';
    return { coverage: [{ analyzer: 'markdown', scope, status: 'partial', reason }] };
  }
  return { frontMatter: { data: data as Record<string, unknown>, line, endLine }, coverage: [] };
}
