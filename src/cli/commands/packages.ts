/** `proofmap packages`: the workspace package graph with counted imports, as text, JSON, DOT or Mermaid. */
import { diagramOf } from '../../query/diagram.js';
import { packageGraph } from '../../query/packages.js';
import { renderEnvelope } from '../../query/render.js';
import type { CommandResult, Io } from '../io.js';
import { PAGE_FLAGS, runQueryCommand } from '../query-command.js';

export const packagesCommand = (argv: string[], io: Io): Promise<CommandResult> =>
  runQueryCommand(
    {
      usage: 'usage: proofmap packages [--limit N] [--cursor C] [--root DIR] [--json|--format dot|mermaid]',
      flags: PAGE_FLAGS,
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
