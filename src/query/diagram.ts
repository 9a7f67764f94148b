/**
 * Query answers as diagrams: Graphviz DOT and Mermaid flowcharts, for pasting into a pull request
 * or a design note. Nodes and edges are listed in the order the answer gave them, so the text is
 * as deterministic as the answer; every label is quoted and escaped, never markup.
 */

export interface Diagram {
  /** Graph name, used as a DOT id and a Mermaid comment. */
  name: string;
  nodes: { id: string; label: string; group?: string }[];
  edges: { from: string; to: string; label?: string }[];
}

export type DiagramFormat = 'dot' | 'mermaid';

/** Builds a diagram from edges between paths; nodes are added in first-seen order. */
export function diagramOf(
  name: string,
  edges: { from: string; to: string; label?: string }[],
  extra: string[] = [],
): Diagram {
  const nodes = new Map<string, { id: string; label: string; group?: string }>();
  const add = (path: string) => {
    if (!nodes.has(path)) nodes.set(path, { id: path, label: path });
  };
  for (const p of extra) add(p);
  for (const e of edges) {
    add(e.from);
    add(e.to);
  }
  const seen = new Set<string>();
  const unique = edges.filter((e) => {
    const key = `${e.from}\0${e.to}\0${e.label ?? ''}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  return { name, nodes: [...nodes.values()], edges: unique };
}

const dotString = (s: string) =>
  `"${s.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\r?\n/g, '\\n')}"`;

export function toDot(d: Diagram): string {
  const lines = [
    `digraph ${dotString(d.name)} {`,
    '  rankdir=LR;',
    '  node [shape=box, fontname="Helvetica"];',
  ];
  for (const n of d.nodes) lines.push(`  ${dotString(n.id)} [label=${dotString(n.label)}];`);
  for (const e of d.edges)
    lines.push(
      `  ${dotString(e.from)} -> ${dotString(e.to)}${e.label ? ` [label=${dotString(e.label)}]` : ''};`,
    );
  lines.push('}');
  return `${lines.join('\n')}\n`;
}

/**
 * Mermaid ids must be plain words; labels go in quotes, with every character Mermaid would read
 * as syntax written as its entity: `"` ends the label, a leading backtick opens a Markdown
 * string, `<`/`>`/`&` would be HTML, and `#` starts an entity itself (so it is escaped first, in
 * the same pass). Mermaid's own parser reads them back as written (test/query/diagram-mermaid).
 */
const MERMAID_ENTITIES: Record<string, string> = {
  '#': '#35;',
  '"': '#quot;',
  '`': '#96;',
  '<': '#lt;',
  '>': '#gt;',
  '&': '#amp;',
};
const mermaidLabel = (s: string) =>
  `"${s.replace(/[#"`<>&]/g, (c) => MERMAID_ENTITIES[c]!).replace(/[\r\n]+/g, ' ')}"`;

export function toMermaid(d: Diagram): string {
  const ids = new Map(d.nodes.map((n, i) => [n.id, `n${i}`]));
  const lines = ['flowchart LR', `  %% ${d.name.replace(/[\r\n]+/g, ' ')}`];
  for (const n of d.nodes) lines.push(`  ${ids.get(n.id)}[${mermaidLabel(n.label)}]`);
  for (const e of d.edges)
    lines.push(`  ${ids.get(e.from)} -->${e.label ? `|${mermaidLabel(e.label)}|` : ''} ${ids.get(e.to)}`);
  return `${lines.join('\n')}\n`;
}

export const renderDiagram = (d: Diagram, format: DiagramFormat): string =>
  format === 'dot' ? toDot(d) : toMermaid(d);
