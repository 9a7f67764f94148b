/**
 * The gate's settings: the `gate` section of the project configuration, read at decision time.
 * The scan stores the parsed section with the configuration file's content hash; the hook hashes
 * the file again and uses the stored settings while the hash matches, and parses the section
 * itself when it does not — so `gate.block: true` takes effect on the next edit, not the next scan.
 * Parsing here is tolerant on purpose: a wrong value falls back to its default (the scan's own
 * schema check reports it), because a hook must never fail on a config typo.
 */
import { DEFAULT_SEVERITY_THRESHOLDS } from '../graph/severity.js';
import { MAX_MARKER_AGE_HOURS } from '../model/constants.js';

export interface GateSettings {
  block: boolean;
  failClosed: boolean;
  markerMaxAgeMs: number;
  /** Files using a file that make it guarded (config gate.fanIn). */
  fanIn: number;
  centrality: number;
}

export const DEFAULT_GATE_SETTINGS: GateSettings = {
  block: false,
  failClosed: false,
  markerMaxAgeMs: 24 * 3600 * 1000,
  ...DEFAULT_SEVERITY_THRESHOLDS,
};

/** Index key of the settings stored at scan time, with the configuration's content hash. */
export const GATE_SETTINGS_KEY = 'gate:settings';

/** Index key of a file's gate entry (gate/severity-cache.ts), written at scan time. */
export const GATE_ENTRY_PREFIX = 'gate:file:';
export const gateEntryKey = (rel: string) => `${GATE_ENTRY_PREFIX}${rel}`;

export interface StoredGateSettings {
  settings: GateSettings;
  /** `<file>:<content hash>` of the configuration they came from; '' when there was none. */
  source: string;
  /** How many `gate:file:` entries the scan wrote (a deleted entry changes the count). */
  entries?: number;
}

export function gateSettingsOf(gate: unknown): GateSettings {
  const g = (typeof gate === 'object' && gate !== null ? gate : {}) as Record<string, unknown>;
  const bool = (v: unknown, d: boolean) => (typeof v === 'boolean' ? v : d);
  const num = (v: unknown, d: number, ok: (n: number) => boolean) =>
    typeof v === 'number' && Number.isFinite(v) && ok(v) ? v : d;
  const d = DEFAULT_GATE_SETTINGS;
  return {
    block: bool(g.block, d.block),
    failClosed: bool(g.failClosed, d.failClosed),
    markerMaxAgeMs:
      num(g.markerMaxAgeHours, d.markerMaxAgeMs / 3_600_000, (n) => n > 0 && n <= MAX_MARKER_AGE_HOURS) *
      3_600_000,
    fanIn: num(g.fanIn, d.fanIn, (n) => n >= 1),
    centrality: num(g.centrality, d.centrality, (n) => n >= 0 && n <= 1),
  };
}
