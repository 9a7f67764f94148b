/**
 * The gate as a library call: finds the repository whose index covers a file, reads the file's
 * precomputed severity entry (one row; no graph work in the hook's hot path), checks its consult
 * marker, and decides. Used by `proofmap gate` and the MCP server.
 */
import { existsSync, readFileSync, realpathSync } from 'node:fs';
import path from 'node:path';
import { type Decision, decide } from './gate/decide.js';
import { checkMarker } from './gate/marker.js';
import { removedExports, renameMessage, stillUsed } from './gate/rename.js';
import type { FileGateEntry } from './gate/severity-cache.js';
import { INDEX_FILE, OUTPUT_DIR } from './model/constants.js';
import { relativeToRoot } from './model/paths.js';
import { diskHash } from './store/consult.js';
import { type IndexStore, openIndex } from './store/index.js';
import { markerKey } from './store/marker-key.js';

export interface GateSettings {
  block: boolean;
  failClosed: boolean;
  markerMaxAgeMs: number;
}
export const DEFAULT_GATE_SETTINGS: GateSettings = {
  block: false,
  failClosed: false,
  markerMaxAgeMs: 24 * 3600 * 1000,
};
export const GATE_SETTINGS_KEY = 'gate:settings';
export const gateEntryKey = (rel: string) => `gate:file:${rel}`;

export interface GateContext {
  root?: string;
  /** Repo-relative path of the file, undefined when outside the repository (or no index). */
  rel?: string;
  store?: IndexStore;
  settings: GateSettings;
  entry?: FileGateEntry;
  close(): void;
}

/** The nearest folder at or above `from` that holds a proofmap index. */
export function findIndexedRoot(from: string): string | undefined {
  let dir = path.resolve(from);
  for (;;) {
    if (existsSync(path.join(dir, OUTPUT_DIR, INDEX_FILE))) return dir;
    const up = path.dirname(dir);
    if (up === dir) return undefined;
    dir = up;
  }
}

export function openGate(cwd: string, file: string): GateContext {
  const absolute = path.resolve(cwd, file);
  const found = findIndexedRoot(path.dirname(absolute)) ?? findIndexedRoot(cwd);
  if (!found) return { settings: DEFAULT_GATE_SETTINGS, close: () => {} };
  const root = realpathSync(found);
  const store = openIndex(root, { readonly: true });
  const settings = {
    ...DEFAULT_GATE_SETTINGS,
    ...(store.getSignals<Partial<GateSettings>>(GATE_SETTINGS_KEY) ?? {}),
  };
  const rel = repoRelative(root, absolute);
  const entry = rel === undefined ? undefined : store.getSignals<FileGateEntry>(gateEntryKey(rel));
  return {
    root,
    store,
    settings,
    ...(rel !== undefined ? { rel } : {}),
    ...(entry ? { entry } : {}),
    close: () => store.close(),
  };
}

/** Repo-relative path of a file that may not exist yet (Write): its folder's real path decides. */
function repoRelative(root: string, absolute: string): string | undefined {
  let dir = path.dirname(absolute);
  const rest: string[] = [path.basename(absolute)];
  while (!existsSync(dir)) {
    rest.unshift(path.basename(dir));
    const up = path.dirname(dir);
    if (up === dir) return undefined;
    dir = up;
  }
  const rel = relativeToRoot(root, path.join(realpathSync(dir), ...rest));
  return rel === '' ? undefined : rel;
}

export function gateDecision(gate: GateContext, action: 'read' | 'edit', now = Date.now()): Decision {
  if (!gate.store || !gate.root)
    return action === 'read'
      ? { verdict: 'pass' }
      : { verdict: 'pass', message: 'proofmap: no index covers this file (run proofmap scan); not gated.' };
  const marker =
    gate.rel === undefined || !gate.entry
      ? { ok: false as const, reason: 'none' as const }
      : checkMarker(
          markerKey(),
          gate.root,
          gate.store.getMarker(gate.rel),
          diskHash(gate.root, gate.rel),
          now,
          gate.settings.markerMaxAgeMs,
        );
  return decide({
    action,
    ...(gate.rel !== undefined ? { path: gate.rel } : {}),
    ...(gate.entry ? { summary: gate.entry } : {}),
    marker,
    block: gate.settings.block,
  });
}

/** After an edit: exported names that disappeared but are still imported elsewhere. */
export async function renameCheck(gate: GateContext): Promise<string | undefined> {
  if (!gate.root || gate.rel === undefined || !gate.entry || gate.entry.importers.length === 0)
    return undefined;
  const root = gate.root;
  const read = (rel: string) => {
    try {
      return readFileSync(path.join(root, rel), 'utf8');
    } catch {
      return undefined;
    }
  };
  const text = read(gate.rel);
  if (text === undefined) return undefined;
  const { extractModule } = await import('./extract/js-ts.js');
  const now = extractModule(gate.rel, text).exports.map((e) => e.name);
  const removed = removedExports(gate.entry.exports, now);
  if (removed.length === 0) return undefined;
  return renameMessage(gate.rel, stillUsed(removed, gate.entry.importers, read));
}
