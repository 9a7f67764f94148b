/**
 * The gate as a library call: finds the repository whose index covers a file, reads the file's
 * precomputed entry (one row; no graph work in the hook's hot path) and the gate's settings as
 * the configuration says now, checks the consult marker, and decides. After an edit by a session
 * that held a valid consult, it renews the consult for the file's new content, so the agent's own
 * edit does not lapse it. Used by `proofmap gate` and the MCP server.
 */
import { existsSync, readFileSync, realpathSync } from 'node:fs';
import path from 'node:path';
import { type Decision, decide } from './gate/decide.js';
import { checkMarker, isSigned, type MarkerVerdict, signMarker } from './gate/marker.js';
import { removedExports, renameMessage, stillUsed } from './gate/rename.js';
import {
  DEFAULT_GATE_SETTINGS,
  GATE_SETTINGS_KEY,
  type GateSettings,
  gateSettingsOf,
  type StoredGateSettings,
} from './gate/settings.js';
import type { FileGateEntry } from './gate/severity-cache.js';
import { CONFIG_FILES, INDEX_FILE, OUTPUT_DIR } from './model/constants.js';
import { contentHash } from './model/ids.js';
import { relativeToRoot } from './model/paths.js';
import { diskHash } from './store/consult.js';
import { type IndexStore, openIndex } from './store/index.js';
import { markerKey } from './store/marker-key.js';

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
 * `<file>:<content hash>` of the configuration file in force ('' when there is none): the scan
 * stores it with the parsed settings, the hook compares it to know whether they still hold.
 */
export function configSource(root: string): string {
  const found = readConfig(root);
  return found ? `${found.name}:${contentHash(found.bytes)}` : '';
}

function readConfig(root: string): { name: string; bytes: Buffer } | undefined {
  for (const name of CONFIG_FILES) {
    try {
      return { name, bytes: readFileSync(path.join(root, name)) };
    } catch {
      // not this one
    }
  }
  return undefined;
}

/** The settings as the configuration file says now; the stored ones while its hash matches. */
function currentSettings(root: string, stored: StoredGateSettings | undefined): GateSettings {
  const found = readConfig(root);
  const source = found ? `${found.name}:${contentHash(found.bytes)}` : '';
  if (stored?.settings && stored.source === source) return { ...DEFAULT_GATE_SETTINGS, ...stored.settings };
  if (!found) return DEFAULT_GATE_SETTINGS;
  try {
    // YAML configurations are parsed only when they changed since the scan (yaml is not small).
    const parsed = found.name.endsWith('.json')
      ? JSON.parse(found.bytes.toString('utf8'))
      : yamlParse(found.bytes.toString('utf8'));
    return gateSettingsOf((parsed as { gate?: unknown } | null)?.gate);
  } catch (error) {
    if (error instanceof YamlNotLoaded) throw error;
    // An unparsable configuration: keep what the last scan knew rather than guess.
    return stored?.settings ? { ...DEFAULT_GATE_SETTINGS, ...stored.settings } : DEFAULT_GATE_SETTINGS;
  }
}

class YamlNotLoaded extends Error {}
let yamlParse: (text: string) => unknown = () => {
  throw new YamlNotLoaded('yaml not loaded');
};

/**
 * openGate, loading the YAML parser first when a YAML configuration changed since the scan (the
 * only case that needs it), so the common path never loads it.
 */
export async function openGateLive(cwd: string, file: string): Promise<GateContext> {
  try {
    return openGate(cwd, file);
  } catch (error) {
    if (!(error instanceof YamlNotLoaded)) throw error;
    const yaml = await import('yaml');
    yamlParse = (text) => yaml.parse(text);
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

/**
 * Before an edit that a valid consult let through: the session claims the consult and notes the
 * tool call in flight, so its PostToolUse can renew the consult for the new content. A consult
 * claimed by one session no longer lets another one through (checkMarker).
 */
export function claimConsult(gate: GateContext, verdict: MarkerVerdict, editor: Editor): void {
  if (!verdict.ok || !editor.session || !gate.root) return;
  const m = verdict.marker;
  if (m.session === editor.session && m.edit === (editor.toolUseId ?? '*')) return;
  writeMarker(
    gate.root,
    signMarker(markerKey(), gate.root, { ...m, session: editor.session, edit: editor.toolUseId ?? '*' }),
  );
}

/**
 * In warn mode (the default), the warning itself carried the impact summary, so it counts as this
 * session's consult: the same session is not warned again about the same file until someone
 * else changes it or the consult ages out. Without that, every edit of a busy file repeats the
 * same paragraph — the noise that gets hooks uninstalled. Blocking mode never does this: there
 * the agent must ask.
 */
export function recordWarning(gate: GateContext, decision: Decision, editor: Editor, now = Date.now()): void {
  if (decision.verdict !== 'warn' || !editor.session || !gate.root || !gate.store || gate.rel === undefined)
    return;
  const hash = diskHash(gate.root, gate.rel);
  if (hash === undefined) return;
  writeMarker(
    gate.root,
    signMarker(markerKey(), gate.root, {
      path: gate.rel,
      hash,
      epoch: gate.store.epoch(),
      query: 'gate warning (impact summary shown)',
      time: now,
      session: editor.session,
      edit: editor.toolUseId ?? '*',
    }),
  );
}

/**
 * After the edit: renews the consult for the file's new content hash, signed as before, when this
 * session claimed it for this tool call. Anything else — another session, a change on disk
 * between the two events that the claim did not see, an expired consult — leaves it to lapse.
 */
export function renewConsult(gate: GateContext, editor: Editor, now = Date.now()): boolean {
  if (!gate.root || !gate.store || gate.rel === undefined || !editor.session) return false;
  const m = gate.store.getMarker(gate.rel);
  if (!m || !isSigned(markerKey(), gate.root, m)) return false;
  if (m.session !== editor.session || m.edit !== (editor.toolUseId ?? '*')) return false;
  if (now - m.time > gate.settings.markerMaxAgeMs) return false;
  const hash = diskHash(gate.root, gate.rel);
  if (hash === undefined) return false;
  const { edit: _done, signature: _old, ...rest } = m;
  writeMarker(gate.root, signMarker(markerKey(), gate.root, { ...rest, hash, session: editor.session }));
  return true;
}

/** The hook's one write: a short-lived writable handle, so the hot path stays read-only. */
function writeMarker(root: string, marker: ReturnType<typeof signMarker>): void {
  const writer = openIndex(root, { lockTimeoutMs: 2_000 });
  try {
    writer.putMarker(marker);
  } finally {
    writer.close();
  }
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
