/**
 * The gate as a library call: finds the repository whose index covers a file, reads the file's
 * precomputed entry (one row; no graph work in the hook's hot path) and the gate's settings as
 * the configuration says now (store/gate-config.ts), checks the consult marker, and decides. The
 * consult's life across a session's edits is in store/markers-session.ts. Used by `proofmap gate`.
 */
import { existsSync, readFileSync, realpathSync } from 'node:fs';
import path from 'node:path';
import { type Decision, decide } from './gate/decide.js';
import { checkMarker, type MarkerVerdict } from './gate/marker.js';
import { removedExports, renameMessage, stillUsed } from './gate/rename.js';
import {
  DEFAULT_GATE_SETTINGS,
  GATE_SETTINGS_KEY,
  type GateSettings,
  type StoredGateSettings,
} from './gate/settings.js';
import type { FileGateEntry } from './gate/severity-cache.js';
import { INDEX_FILE, OUTPUT_DIR } from './model/constants.js';
import { relativeToRoot } from './model/paths.js';
import { diskHash } from './store/consult.js';
import { currentSettings, loadYaml, YamlNotLoaded } from './store/gate-config.js';
import { type IndexStore, openIndex } from './store/index.js';
import { markerKey } from './store/marker-key.js';

export { configSource } from './store/gate-config.js';
export { claimConsult, recordWarning, renewConsult } from './store/markers-session.js';

export { DEFAULT_GATE_SETTINGS, type GateSettings };
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

/** Who is editing: Claude Code's session_id and the tool call's tool_use_id, when known. */
export interface Editor {
  session?: string;
  toolUseId?: string;
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
  let settings: GateSettings;
  try {
    settings = currentSettings(root, store.getSignals<StoredGateSettings>(GATE_SETTINGS_KEY));
  } catch (error) {
    store.close();
    throw error;
  }
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

/**
 * openGate, loading the YAML parser first when a YAML configuration changed since the scan (the
 * only case that needs it), so the common path never loads it.
 */
export async function openGateLive(cwd: string, file: string): Promise<GateContext> {
  try {
    return openGate(cwd, file);
  } catch (error) {
    if (!(error instanceof YamlNotLoaded)) throw error;
    await loadYaml();
    return openGate(cwd, file);
  }
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

export interface GateEvaluation {
  decision: Decision;
  marker: MarkerVerdict;
}

export function evaluateGate(
  gate: GateContext,
  action: 'read' | 'edit',
  editor: Editor = {},
  now = Date.now(),
): GateEvaluation {
  const none = { ok: false as const, reason: 'none' as const };
  if (!gate.store || !gate.root)
    return {
      marker: none,
      decision:
        action === 'read'
          ? { verdict: 'pass' }
          : {
              verdict: 'pass',
              message: 'proofmap: no index covers this file (run `proofmap scan`); not gated.',
            },
    };
  const marker =
    gate.rel === undefined || !gate.entry || action === 'read'
      ? none
      : checkMarker(
          markerKey(),
          gate.root,
          gate.store.getMarker(gate.rel),
          diskHash(gate.root, gate.rel),
          now,
          gate.settings.markerMaxAgeMs,
          editor.session,
        );
  const decision = decide({
    action,
    ...(gate.rel !== undefined ? { path: gate.rel } : {}),
    ...(gate.entry ? { summary: gate.entry } : {}),
    marker,
    block: gate.settings.block,
    thresholds: gate.settings,
  });
  return { decision, marker };
}

export function gateDecision(gate: GateContext, action: 'read' | 'edit', now = Date.now()): Decision {
  return evaluateGate(gate, action, {}, now).decision;
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

/**
 * The gate's verdict on one file as a single call: would `proofmap gate --file` let this edit (or
 * read) through? Opens the index covering the file, decides, closes. It only reads: asking does
 * not count as consulting, and no marker is claimed.
 */
export async function decideFile(
  file: string,
  options: { cwd?: string; action?: 'read' | 'edit' } = {},
): Promise<Decision & { file: string }> {
  const gate = await openGateLive(options.cwd ?? process.cwd(), file);
  try {
    return { file: gate.rel ?? file, ...evaluateGate(gate, options.action ?? 'edit').decision };
  } finally {
    gate.close();
  }
}
