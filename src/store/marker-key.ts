/**
 * The key that signs consult markers. It lives outside the repository — in the user's state
 * folder ($PROOFMAP_STATE_DIR, else $XDG_STATE_HOME/proofmap, else ~/.local/state/proofmap) — so
 * nothing inside the work tree an agent edits is enough to mint a marker. Created on first use
 * with mode 0600.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { stateDir } from './state-dir.js';

export { stateDir };

const loaded = new Map<string, Buffer>();

export function markerKey(env: Record<string, string | undefined> = process.env): Buffer {
  const file = path.join(stateDir(env), 'marker.key');
  const known = loaded.get(file);
  if (known) return known;
  const key = readOrCreate(file);
  loaded.set(file, key);
  return key;
}

function readOrCreate(file: string): Buffer {
  try {
    const key = Buffer.from(readFileSync(file, 'utf8').trim(), 'hex');
    if (key.length === 32) return key;
  } catch {
    // absent or unreadable: make one below
  }
  const key = randomBytes(32);
  try {
    mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
    writeFileSync(file, key.toString('hex'), { mode: 0o600, flag: 'wx' });
    return key;
  } catch {
    // Another process created it first (wx lost the race): use theirs.
    const theirs = Buffer.from(readFileSync(file, 'utf8').trim(), 'hex');
    if (theirs.length === 32) return theirs;
    throw new Error(`cannot read or create the marker key at ${file}`);
  }
}
