/** One node per discovered file: documents as `document`, everything else as `file`. */

import type { SourceFile } from '../model/facts.js';
import type { ExportedName } from '../model/types.js';
import { baseName } from './labels.js';
import type { Snapshot } from './snapshot.js';

export function addFileNodes(
  snapshot: Snapshot,
  files: SourceFile[],
  exportsOf: (path: string) => ExportedName[] | undefined,
): void {
  for (const file of files) {
    const kind = file.role === 'doc' ? 'document' : 'file';
    const exports = exportsOf(file.path);
    snapshot.entity(kind, file.path, {
      name: baseName(file.path),
      path: file.path,
      evidence: [
        {
          source: file.role === 'doc' ? 'doc' : file.role === 'manifest' ? 'manifest' : 'code',
          path: file.path,
          line: 1,
        },
      ],
      metadata: { hash: file.hash, role: file.role, ...(exports && exports.length > 0 ? { exports } : {}) },
    });
  }
}
