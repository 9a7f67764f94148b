/** map_path: how two files, documents or packages are connected, each hop with its evidence. */
import { z } from 'zod';
import { shortestPath } from '../../query/index.js';
import type { Answer } from '../budget.js';
import { envelopeOf, hopItem } from '../schemas.js';
import { READ_ONLY, type ToolSpec } from '../spec.js';

const node = z.string().min(1).max(1000).describe('a repo-relative path or a workspace package name');
const input = { from: node, to: node };

export const pathTool: ToolSpec<typeof input> = {
  name: 'map_path',
  title: 'How two files are connected',
  description:
    'Call to learn why A is affected by B: the shortest chain of relations (imports, links, covers, depends-on) joining two files, documents or packages, each hop with its edge and file:line evidence.',
  input,
  output: envelopeOf(hopItem),
  annotations: READ_ONLY,
  run: (ws, args) => shortestPath(ws.session(), args.from, args.to) as unknown as Answer,
};
