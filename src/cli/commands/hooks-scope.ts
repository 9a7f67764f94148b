/**
 * The folders `hooks install` scopes the gate to, read from the last scan: PreToolUse runs where
 * a file is load-bearing (graded high or chokepoint with the settings in force now), PostToolUse
 * (the rename check) where a file has importers. Without a scan, or with `gate.failClosed` (an
 * unknown edit must be denied wherever it happens), the gate runs on every edit, as before.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { gradeOf } from '../../gate/decide.js';
import { editScope, filesInScope } from '../../gate/hook-scope.js';
import type { HookScope } from '../../gate/hooks-settings.js';
import { GATE_SETTINGS_KEY, type StoredGateSettings } from '../../gate/settings.js';
import type { FileGateEntry } from '../../gate/severity-cache.js';
import { gateEntryKey } from '../../gate-run.js';
import { INDEX_FILE, OUTPUT_DIR } from '../../model/constants.js';
import { currentSettings } from '../../store/gate-config.js';
import { openIndex } from '../../store/index.js';

const FILE_KINDS: ReadonlySet<string> = new Set(['file', 'document', 'artifact']);

export interface ScopeChoice {
  scope: HookScope;
  /** Why the gate runs on every edit, or how many files the scope covers: said by the install. */
  note: string;
}

export function hookScopeOf(root: string): ScopeChoice {
  const everywhere = (why: string): ScopeChoice => ({ scope: {}, note: `gate on every edit: ${why}` });
  const unscanned = 'no scan yet (run `proofmap scan`, then install again to scope it)';
  if (!existsSync(path.join(root, OUTPUT_DIR, INDEX_FILE))) return everywhere(unscanned);
  let store: ReturnType<typeof openIndex> | undefined;
  try {
    store = openIndex(root, { readonly: true, strict: true });
    if (store.epoch() === 0) return everywhere(unscanned);
    const settings = currentSettings(root, store.getSignals<StoredGateSettings>(GATE_SETTINGS_KEY));
    if (settings.failClosed) return everywhere('gate.failClosed is set, so every edit must reach the gate');
    const map = store.readMap();
    const guarded: string[] = [];
    const imported: string[] = [];
    const files: string[] = [];
    for (const node of map?.nodes ?? []) {
      if (node.path === undefined || !FILE_KINDS.has(node.kind)) continue;
      files.push(node.path);
      const entry = store.getSignals<FileGateEntry>(gateEntryKey(node.path));
      if (!entry) continue;
      const severity = gradeOf(entry, settings);
      if (severity === 'high' || severity === 'chokepoint') guarded.push(node.path);
      if (entry.importers.length > 0) imported.push(node.path);
    }
    const pre = editScope(guarded, files);
    const post = editScope(imported, files);
    if (!pre || !post) return everywhere('a load-bearing path holds characters an `if` rule cannot name');
    return {
      scope: { PreToolUse: pre, PostToolUse: post },
      note: `gate scoped to ${pre.length} rule(s) covering ${filesInScope(pre, files)} of ${files.length} files, the ${guarded.length} load-bearing one(s) among them; edits elsewhere start no process before the edit (install again after the structure changes)`,
    };
  } catch (error) {
    return everywhere(`the index could not be read (${(error as Error).message.split('\n')[0]})`);
  } finally {
    store?.close();
  }
}
