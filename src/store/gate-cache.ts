/**
 * Writes the gate's per-file entries and settings into the index at scan time, and
 * garbage-collects old markers, so the hook reads one row per event. The settings are stored
 * with the configuration's content hash: the hook re-reads the configuration when it changed.
 */

import path from 'node:path';
import { GATE_SETTINGS_KEY, gateSettingsOf, type StoredGateSettings } from '../gate/settings.js';
import type { FileGateEntry } from '../gate/severity-cache.js';
import { gateEntryKey } from '../gate-run.js';
import type { ProofmapConfig } from '../model/config.js';
import { collectMarkers } from './consult.js';
import { configSource } from './gate-config.js';
import type { IndexStore } from './index.js';

/** Entries come from gateEntries, computed with gateSettingsOf(config.gate) (signals-job.ts). */
export function writeGateCache(
  store: IndexStore,
  config: ProofmapConfig,
  entries: Iterable<[string, FileGateEntry]>,
): void {
  const settings = gateSettingsOf(config.gate);
  // The index lives at <root>/.proofmap/index.db.
  const root = path.dirname(path.dirname(store.path));
  const stored: StoredGateSettings = { settings, source: configSource(root) };
  store.transaction(() => {
    store.putSignals(GATE_SETTINGS_KEY, stored);
    for (const [path, entry] of entries) store.putSignals(gateEntryKey(path), entry);
  });
  collectMarkers(store, settings.markerMaxAgeMs);
}
