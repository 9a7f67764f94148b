/**
 * A consult's life across one agent session's edits. PreToolUse claims a valid consult for the
 * session and the tool call in flight; PostToolUse of that same call renews it for the file's new
 * content, signed as before. Another session, a change on disk the claim did not see, or age
 * makes it lapse. In warn mode the warning itself is recorded as the session's consult.
 */
import type { Decision } from '../gate/decide.js';
import { isSigned, type MarkerVerdict, signMarker } from '../gate/marker.js';
import type { Editor, GateContext } from '../gate-run.js';
import { diskHash } from './consult.js';
import { openIndex } from './index.js';
import { markerKey } from './marker-key.js';

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
  // Strict: the hook never creates or rebuilds the index, even to record a marker.
  const writer = openIndex(root, { lockTimeoutMs: 2_000, strict: true });
  try {
    writer.putMarker(marker);
  } finally {
    writer.close();
  }
}
