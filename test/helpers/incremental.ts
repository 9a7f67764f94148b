/** An incremental scan and a cold scan of one tree, for the tests that hold the first to the second. */
import { copyFileSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { scan } from '../../src/scan.js';

export const mapOf = (root: string) => readFileSync(path.join(root, '.proofmap/map.json'));

/**
 * Runs an incremental scan (index present) and a cold scan (index deleted) of the same tree, both
 * starting from the same previous map.json, and returns both maps' bytes.
 */
export async function incrementalAndCold(root: string, edit: () => void) {
  await scan({ root });
  const previous = path.join(root, '.proofmap/previous.json');
  copyFileSync(path.join(root, '.proofmap/map.json'), previous);
  edit();
  const warm = await scan({ root });
  const incremental = mapOf(root);
  copyFileSync(previous, path.join(root, '.proofmap/map.json'));
  for (const file of ['index.db', 'index.db-wal', 'index.db-shm'])
    rmSync(path.join(root, '.proofmap', file), { force: true });
  const cold = await scan({ root });
  return { warm, cold, incremental, coldBytes: mapOf(root) };
}
