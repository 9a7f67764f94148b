import path from 'node:path';
import { READ_CAP_BYTES, repoText } from './discover/safe-read.js';
import { type Decision, decide, touchedSummary } from './gate/decide.js';
import { checkMarker, type MarkerVerdict } from './gate/marker.js';
import { unsealRow } from './gate/policy-seal.js';
import { removedExports, renameMessage, stillUsed } from './gate/rename.js';
import {
  DEFAULT_GATE_SETTINGS,
  GATE_ENTRY_PREFIX,
  GATE_SETTINGS_KEY,
  type GateSettings,
  gateEntryKey,
  type StoredGateSettings,
} from './gate/settings.js';
import type { FileGateEntry } from './gate/severity-cache.js';
import { relativeToRoot } from './model/paths.js';
import { diskHash } from './store/consult.js';
import { currentSettings, loadYaml, YamlNotLoaded } from './store/gate-config.js';
import { gateRoot, gitTop, protectedSegment, writeTarget } from './store/gate-root.js';
import { type IndexStore, IndexUnusable, openIndex } from './store/index.js';
import { markerKey } from './store/marker-key.js';

export { configSource } from './store/gate-config.js';
export { claimConsult, recordWarning, renewConsult } from './store/markers-session.js';
// Kept here for the modules that import them from the gate's entry point; defined beside the
// settings key so that the signals worker can seal entry rows without loading the store.
export { DEFAULT_GATE_SETTINGS, GATE_ENTRY_PREFIX, type GateSettings, gateEntryKey };

export interface GateContext {
  root?: string;
  /** Repo-relative path of the file, undefined when outside the repository (or no index). */
  rel?: string;
  store?: IndexStore;
  settings: GateSettings;
  entry?: FileGateEntry;
  /** `.proofmap` or `.git` when the edit writes inside one (refused). */
  protectedDir?: string;
  /** Why the index cannot grade edits (missing, empty, damaged): "unknown", not "not gated". */
  unknown?: string;
  close(): void;
}

/** Who is editing: Claude Code's session_id and the tool call's tool_use_id, when known. */
export interface Editor {
  session?: string;
  toolUseId?: string;
  /** The text the edit replaces (Edit's old_string), when the tool says: grades the exports it names. */
  replaced?: string;
}

/**
 * Opens what grades an edit of `file`: the index at the repository root only (store/gate-root.ts),
 * opened strictly — never created, rebuilt or repaired here, so an index that is missing, empty
 * or damaged leaves the edit "unknown" rather than "not in the index". `projectDir` is the
 * folder Claude Code names for the session (CLAUDE_PROJECT_DIR), the hook's cwd otherwise.
 */
export function openGate(cwd: string, file: string, projectDir = cwd): GateContext {
  const absolute = path.resolve(cwd, file);
  const target = writeTarget(absolute);
  // A file outside every root is graded by nobody; the project's root still answers, to say so.
  const root = gateRoot(target, projectDir) ?? gateRoot(path.join(path.resolve(projectDir), '_'), projectDir);
  if (!root) return { settings: DEFAULT_GATE_SETTINGS, close: () => {} };
  const rel = relativeToRoot(root, target) || undefined;
  const protectedDir = protectedSegment(root, target) ?? protectedSegment(path.resolve(projectDir), absolute);
  let store: IndexStore | undefined;
  let unknown: string | undefined;
  try {
    store = openIndex(root, { readonly: true, strict: true });
    if (store.epoch() === 0) unknown = 'the index holds no scan yet';
  } catch (error) {
    if (!(error instanceof IndexUnusable)) throw error;
    unknown = `.proofmap/${error.message}`;
  }
  if (unknown !== undefined && store) {
    store.close();
    store = undefined;
  }
  try {
    const policy = store ? readPolicy(store, root, rel) : {};
    if (policy.tampered !== undefined && store) {
      store.close();
      return openGateUnknown(root, rel, policy.tampered, protectedDir);
    }
    const settings = currentSettings(root, policy.stored);
    const entry = policy.entry;
    const open = store;
    return {
      root,
      settings,
      ...(open ? { store: open } : {}),
      ...(rel !== undefined ? { rel } : {}),
      ...(entry ? { entry } : {}),
      ...(protectedDir ? { protectedDir } : {}),
      ...(unknown !== undefined ? { unknown } : {}),
      close: () => open?.close(),
    };
  } catch (error) {
    store?.close();
    if (error instanceof IndexUnusable)
      return openGateUnknown(root, rel, `.proofmap/${error.message}`, protectedDir);
    throw error;
  }
}

/**
 * The gate's policy rows for one file, checked against their seals (gate/policy-seal.ts). A row
 * whose seal is not ours, a settings row gone missing, or an entry count that no longer matches
 * (an entry deleted so the file would read as "new, not gated") makes the index untrusted.
 */
function readPolicy(
  store: IndexStore,
  root: string,
  rel: string | undefined,
): { stored?: StoredGateSettings; entry?: FileGateEntry; tampered?: string } {
  const key = markerKey();
  const edited = 'the gate rows in .proofmap/index.db were not written by proofmap';
  const row = store.getSignals<unknown>(GATE_SETTINGS_KEY);
  if (row === undefined) return { tampered: 'the gate rows are missing from .proofmap/index.db' };
  const stored = unsealRow<StoredGateSettings>(key, root, GATE_SETTINGS_KEY, row);
  if (!stored) return { tampered: edited };
  if (rel === undefined) return { stored };
  const name = gateEntryKey(rel);
  const raw = store.getSignals<unknown>(name);
  if (raw === undefined)
    return store.countSignals(GATE_ENTRY_PREFIX) === stored.entries
      ? { stored }
      : { tampered: 'gate rows were deleted from .proofmap/index.db' };
  const entry = unsealRow<FileGateEntry>(key, root, name, raw);
  return entry ? { stored, entry } : { tampered: edited };
}

/** A gate whose index broke or was tampered with: the configuration alone decides. */
function openGateUnknown(
  root: string,
  rel: string | undefined,
  unknown: string,
  protectedDir: string | undefined,
): GateContext {
  return {
    root,
    settings: currentSettings(root, undefined),
    ...(rel !== undefined ? { rel } : {}),
    ...(protectedDir ? { protectedDir } : {}),
    unknown,
    close: () => {},
  };
}

/**
 * openGate, loading the YAML parser first when a YAML configuration changed since the scan (the
 * only case that needs it), so the common path never loads it.
 */
export async function openGateLive(cwd: string, file: string, projectDir = cwd): Promise<GateContext> {
  try {
    return openGate(cwd, file, projectDir);
  } catch (error) {
    if (!(error instanceof YamlNotLoaded)) throw error;
    await loadYaml();
    return openGate(cwd, file, projectDir);
  }
}

/**
 * The gate settings of the project folder, read before the hook's input is parsed: malformed
 * input must not be a way around `gate.failClosed`.
 */
export async function projectSettings(projectDir: string): Promise<GateSettings> {
  const root = gitTop(projectDir) ?? path.resolve(projectDir);
  try {
    return currentSettings(root, undefined);
  } catch (error) {
    if (!(error instanceof YamlNotLoaded)) throw error;
    await loadYaml();
    return currentSettings(root, undefined);
  }
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
  if (gate.root && (gate.protectedDir !== undefined || gate.unknown !== undefined))
    return {
      marker: none,
      decision: decide({
        action,
        ...(gate.rel !== undefined ? { path: gate.rel } : {}),
        marker: none,
        block: gate.settings.block,
        ...(gate.protectedDir !== undefined ? { protectedDir: gate.protectedDir } : {}),
        ...(gate.unknown !== undefined ? { unknown: gate.unknown } : {}),
        failClosed: gate.settings.failClosed,
      }),
    };
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
    ...(gate.entry ? { summary: touchedSummary(gate.entry, editor.replaced) } : {}),
    marker,
    block: gate.settings.block,
    thresholds: gate.settings,
  });
  return { decision, marker };
}

export function gateDecision(gate: GateContext, action: 'read' | 'edit', now = Date.now()): Decision {
  return evaluateGate(gate, action, {}, now).decision;
}

const UNREAD = new Set(['failed', 'parser-crashed', 'too-complex']);

/** After an edit: exported names that disappeared but are still imported elsewhere. */
export async function renameCheck(gate: GateContext): Promise<string | undefined> {
  if (!gate.root || gate.rel === undefined || !gate.entry || gate.entry.importers.length === 0)
    return undefined;
  const root = gate.root;
  const read = (rel: string) => repoText(root, rel, READ_CAP_BYTES);
  const text = read(gate.rel);
  if (text === undefined) return undefined;
  const { extractModule } = await import('./extract/js-ts.js');
  const facts = extractModule(gate.rel, text);
  // A file the parser could not read has no exports we know of, not "every export removed".
  if (facts.coverage.some((c) => c.scope === gate.rel && UNREAD.has(c.status))) return undefined;
  const now = facts.exports.map((e) => e.name);
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
