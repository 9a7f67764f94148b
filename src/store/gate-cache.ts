/**
 * Writes the gate's per-file severity entries and settings into the index at scan time, and
 * garbage-collects old markers, so the hook reads one row per event.
 */

import { DEFAULT_THRESHOLDS, gateEntries } from '../gate/severity-cache.js';
import { DEFAULT_GATE_SETTINGS, GATE_SETTINGS_KEY, type GateSettings, gateEntryKey } from '../gate-run.js';
import type { ProofMap } from '../map/schema.js';
import type { ProofmapConfig } from '../model/config.js';
import { collectMarkers } from './consult.js';
import type { IndexStore } from './index.js';

export function writeGateCache(
  store: IndexStore,
  map: ProofMap,
  config: ProofmapConfig,
  centrality: ReadonlyMap<string, number>,
): void {
  const gate = config.gate ?? {};
  const settings: GateSettings = {
    block: gate.block ?? DEFAULT_GATE_SETTINGS.block,
    failClosed: gate.failClosed ?? DEFAULT_GATE_SETTINGS.failClosed,
    markerMaxAgeMs: (gate.markerMaxAgeHours ?? 24) * 3600 * 1000,
  };
  const entries = gateEntries(map, centrality, {
    fanIn: gate.fanIn ?? DEFAULT_THRESHOLDS.fanIn,
    centrality: gate.centrality ?? DEFAULT_THRESHOLDS.centrality,
  });
  store.transaction(() => {
    store.putSignals(GATE_SETTINGS_KEY, settings);
    for (const [path, entry] of entries) store.putSignals(gateEntryKey(path), entry);
  });
  collectMarkers(store, settings.markerMaxAgeMs);
}
