/**
 * Which files an answer counts as consulted for the edit gate. A marker says "this file's impact
 * was shown", so only a target the answer names one by one qualifies: an exact file, or the few
 * files exporting a symbol. A folder or package answer aggregates over its files and never marks
 * them — one `context packages` once cleared the gate for 4,253 files.
 */
import type { Target } from './target.js';

/** A symbol exported by more files than this marks none of them (`impact default`). */
export const MAX_CONSULTED = 5;

export function consultedPaths(target: Target): { paths: string[]; note?: string } {
  const files = target.nodes.flatMap((n) =>
    n.path !== undefined && (n.kind === 'file' || n.kind === 'document' || n.kind === 'artifact')
      ? [n.path]
      : [],
  );
  if (target.kind === 'package' || (target.kind === 'path' && target.folder))
    return {
      paths: [],
      note: 'gate: an answer about a folder or package counts as consulting none of its files; ask about the file you will edit',
    };
  if (files.length > MAX_CONSULTED)
    return {
      paths: [],
      note: `gate: ${files.length} files export "${target.text}", so this answer counts as consulting none of them; ask about the file you will edit`,
    };
  return { paths: files };
}
