/** `proofmap packages`: the workspace package graph with counted imports, as text, JSON, DOT or Mermaid. */
import { diagramOf } from '../../query/diagram.js';
import { packageGraph } from '../../query/packages.js';
import { renderEnvelope } from '../../query/render.js';
import type { CommandResult, Io } from '../io.js';
import { limitOption, PAGE_FLAGS, querySpec, runQueryCommand } from '../query-command.js';
import { type CommandSpec, DIR_NOTE } from '../spec.js';

export const SPEC: CommandSpec = querySpec(
  {
    name: 'packages',
    args: '[dir]',
    summary: 'The workspace package graph: packages with their file counts, edges counted by imports.',
    notes: [DIR_NOTE],
    options: { ...PAGE_FLAGS, ...limitOption(200) },
    examples: ['proofmap packages', 'proofmap packages ../repo --format mermaid'],
  },
  true,
);

export const packagesCommand = (argv: string[], io: Io): Promise<CommandResult> =>
  runQueryCommand(
    {
      spec: SPEC,
      answer: (session, a) =>
        packageGraph(session, { limit: a.limit(200), ...(a.cursor ? { cursor: a.cursor } : {}) }),
      diagram: (answer) => {
        const d = diagramOf(
          'packages',
          answer.items.map((e) => ({
            from: e.from,
            to: e.to,
            label: `${e.imports} import${e.imports === 1 ? '' : 's'}`,
          })),
          answer.packages.map((p) => p.name),
        );
        const files = new Map(answer.packages.map((p) => [p.name, p.files]));
        for (const n of d.nodes) n.label = `${n.label} (${files.get(n.id) ?? 0} files)`;
        return d;
      },
      render: (answer) =>
        renderEnvelope(
          answer,
          (e) => `${e.from} → ${e.to}  ${e.imports} import${e.imports === 1 ? '' : 's'}`,
          [
            `${answer.packages.length} packages: ${answer.packages.map((p) => `${p.name} (${p.files})`).join(', ')}`,
          ],
        ),
    },
    argv,
    io,
  );
