/**
 * One node per discovered file: decision records as `artifact` (keyed by their artifact id),
 * other Markdown as `document`, everything else as `file`. Returns the path → node id lookup that
 * every later stage uses to point an edge at a file.
 */
import type { ArtifactFacts } from '../extract/artifact.js';
import { artifactKey } from '../extract/artifact-ids.js';
import type { SourceFile } from '../model/facts.js';
import type { ExportedName } from '../model/types.js';
import { baseName } from './labels.js';
import type { Snapshot } from './snapshot.js';

export function addFileNodes(
  snapshot: Snapshot,
  files: SourceFile[],
  exportsOf: (path: string) => ExportedName[] | undefined,
  artifacts: ReadonlyMap<string, ArtifactFacts>,
): Map<string, string> {
  const byPath = new Map<string, string>();
  for (const file of files) {
    const artifact = artifacts.get(file.path);
    const source = file.role === 'doc' ? 'doc' : file.role === 'manifest' ? 'manifest' : 'code';
    const evidence = [{ source, path: file.path, line: 1 } as const];
    const exports = exportsOf(file.path);
    const metadata: Record<string, unknown> = { hash: file.hash, role: file.role };
    if (exports && exports.length > 0) metadata.exports = exports;
    if (artifact) {
      metadata.artifact_id = artifact.artifactId;
      if (artifact.status) metadata.status = artifact.status;
      if (artifact.title) metadata.title = artifact.title;
      if (artifact.checks) metadata.checks = artifact.checks;
      if (artifact.deciders) metadata.deciders = artifact.deciders;
      byPath.set(
        file.path,
        snapshot.entity('artifact', artifactKey(artifact.artifactId), {
          name: artifact.artifactId,
          path: file.path,
          evidence,
          metadata,
        }),
      );
    } else {
      const kind = file.role === 'doc' ? 'document' : 'file';
      byPath.set(
        file.path,
        snapshot.entity(kind, file.path, { name: baseName(file.path), path: file.path, evidence, metadata }),
      );
    }
  }
  return byPath;
}
