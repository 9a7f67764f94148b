/**
 * The user's proofmap state folder: $PROOFMAP_STATE_DIR, else $XDG_STATE_HOME/proofmap, else
 * ~/.local/state/proofmap. It holds the marker key (marker-key.ts) and the gate hook's code cache
 * (cli/gate-loader.ts): per user, outside every repository.
 */
import os from 'node:os';
import path from 'node:path';

export function stateDir(env: Record<string, string | undefined> = process.env): string {
  if (env.PROOFMAP_STATE_DIR) return env.PROOFMAP_STATE_DIR;
  const base = env.XDG_STATE_HOME || path.join(os.homedir(), '.local', 'state');
  return path.join(base, 'proofmap');
}
