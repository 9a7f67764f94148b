/**
 * The user's proofmap state folder: $PROOFMAP_STATE_DIR, else $XDG_STATE_HOME/proofmap, else
 * ~/.local/state/proofmap. It holds the marker key (marker-key.ts) and the gate hook's code cache
 * (cli/gate-loader.ts): per user, outside every repository.
 */
// Named imports: the gate's loader bundles this file to CommonJS (see cli/gate-loader.ts).
import { homedir } from 'node:os';
import { join } from 'node:path';

export function stateDir(env: Record<string, string | undefined> = process.env): string {
  if (env.PROOFMAP_STATE_DIR) return env.PROOFMAP_STATE_DIR;
  const base = env.XDG_STATE_HOME || join(homedir(), '.local', 'state');
  return join(base, 'proofmap');
}
