/**
 * The gate entries as the index rows the scan writes (store/gate-cache.ts): each file's key and
 * its sealed JSON. Made where the entries are computed — on the signals worker for a large map —
 * so that the scan thread neither receives 7,000 entry objects (12 MB of JSON on the 7k-file
 * monorepo) by structured clone nor serialises and seals them: it gets strings and inserts them.
 */
import { createSecretKey } from 'node:crypto';
import { sealedJson } from './policy-seal.js';
import { gateEntryKey } from './settings.js';
import type { FileGateEntry } from './severity-cache.js';

/** What sealing a row takes: the marker key and the repository root (gate/policy-seal.ts). */
export interface GateSeal {
  /** The marker key's bytes (a Buffer arrives on a worker as a Uint8Array). */
  key: Uint8Array;
  root: string;
}

/** One row per entry, in the entries' order: [index key, sealed JSON]. */
export type GateRow = [name: string, json: string];

export function sealedGateRows(entries: Iterable<[string, FileGateEntry]>, seal: GateSeal): GateRow[] {
  const key = createSecretKey(seal.key);
  const rows: GateRow[] = [];
  for (const [path, entry] of entries) {
    const name = gateEntryKey(path);
    rows.push([name, sealedJson(key, seal.root, name, entry)]);
  }
  return rows;
}
