/**
 * Writes the gate's per-file entries and settings into the index at scan time (and, apart,
 * garbage-collects old markers), so the hook reads one row per event. The settings are stored
 * with the configuration's content hash: the hook re-reads the configuration when it changed.
 * Every row is sealed with the marker key (gate/policy-seal.ts), and the settings row counts the
 * entries, so an entry edited, planted or deleted by hand is detected by the gate.
 */

import path from 'node:path';
import type { GateRow, GateSeal } from '../gate/entry-rows.js';
import { sealRow } from '../gate/policy-seal.js';
import {
  GATE_ENTRY_PREFIX,
  GATE_SETTINGS_KEY,
  gateSettingsOf,
  type StoredGateSettings,
} from '../gate/settings.js';
import type { ProofmapConfig } from '../model/config.js';
import { collectMarkers } from './consult.js';
import { configSource } from './gate-config.js';
import type { IndexStore } from './index.js';
import { markerKey } from './marker-key.js';

/**
 * What the entry rows are sealed with for this index: sent to the signals job (signals-job.ts)
 * as the scan starts its last stages. A marker key that cannot be read or created still fails
 * the scan where it did, in writeGateCache (which reads the key again), after map.json and the
 * index are written; rows sealed meanwhile with no key would only read as tampered.
 */
export function gateSeal(store: IndexStore): GateSeal {
  let key: Uint8Array;
  try {
    key = markerKey();
  } catch {
    key = new Uint8Array(0);
  }
  return { key, root: gateRootOf(store) };
}

/**
 * Rows come from sealedGateRows over gateEntries, computed with gateSettingsOf(config.gate) and
 * sealed with gateSeal(store) (signals-job.ts).
 */
export function writeGateCache(
  store: IndexStore,
  config: ProofmapConfig,
  rows: readonly GateRow[],
  seal: GateSeal,
): void {
  const settings = gateSettingsOf(config.gate);
  const root = gateRootOf(store);
  const key = markerKey();
  // Rows sealed with another key (none could be read when the job started) would all read as
  // tampered: the scan fails instead, as it did when the key was read here.
  if (!Buffer.from(key).equals(Buffer.from(seal.key)) || seal.root !== root)
    throw new Error('the gate marker key changed while the scan ran; run the scan again');
  const stored: StoredGateSettings = { settings, source: configSource(root), entries: rows.length };
  store.transaction(() => {
    // Entries of files gone since the last scan would otherwise linger and spoil the count.
    store.deleteSignals(GATE_ENTRY_PREFIX);
    store.putSignals(GATE_SETTINGS_KEY, sealRow(key, root, GATE_SETTINGS_KEY, stored));
    for (const [name, json] of rows) store.putSignalsJson(name, json);
  });
}

// The index lives at <root>/.proofmap/index.db.
const gateRootOf = (store: IndexStore) => path.dirname(path.dirname(store.path));

/** Drops markers past the configured age: after a full build is published, where the markers live then. */
export function collectOldMarkers(store: IndexStore, config: ProofmapConfig): void {
  collectMarkers(store, gateSettingsOf(config.gate).markerMaxAgeMs);
}
