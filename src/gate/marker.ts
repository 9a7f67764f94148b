/**
 * Consult markers are signed: HMAC-SHA256 over every field and the repository root, with a key
 * that lives outside the repository (see store/marker-key.ts). A marker written by hand — a file,
 * or a row pasted into the index — has no valid signature and never counts. Only a consulting
 * query, or the gate renewing a consult after that session's own edit, holds the key.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { ConsultMarker } from '../store/index.js';

type Unsigned = Omit<ConsultMarker, 'signature'>;

// v1 markers (no session) keep their payload, so markers written before sessions still verify.
const payload = (root: string, m: Unsigned) =>
  m.session || m.edit
    ? JSON.stringify([
        'proofmap-consult/v2',
        root,
        m.path,
        m.hash,
        m.epoch,
        m.query,
        m.time,
        m.session ?? '',
        m.edit ?? '',
      ])
    : JSON.stringify(['proofmap-consult/v1', root, m.path, m.hash, m.epoch, m.query, m.time]);

export function signMarker(key: Buffer, root: string, marker: Unsigned): ConsultMarker {
  const { signature: _drop, ...fields } = marker as ConsultMarker;
  return { ...fields, signature: createHmac('sha256', key).update(payload(root, fields)).digest('hex') };
}

export type MarkerVerdict =
  | { ok: true; marker: ConsultMarker }
  | {
      ok: false;
      reason: 'none' | 'forged' | 'stale' | 'expired' | 'future' | 'other-session';
      marker?: ConsultMarker;
    };

/**
 * How far a marker's signing time may lie ahead of this clock (two processes on one machine
 * read the same clock; a minute covers a step of NTP). Beyond it the marker is refused: one dated
 * next year would otherwise never expire.
 */
export const MARKER_CLOCK_SKEW_MS = 60_000;

export function isSigned(key: Buffer, root: string, marker: ConsultMarker): boolean {
  const expected = Buffer.from(signMarker(key, root, marker).signature, 'hex');
  const actual = Buffer.from(marker.signature, 'hex');
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/**
 * A marker counts only when its signature is ours, the file still has the bytes it had when it
 * was consulted (or after the claiming session's own last edit), it is younger than maxAgeMs and
 * not dated ahead of the clock,
 * and — once a session has edited under it — the edit comes from that same session.
 */
export function checkMarker(
  key: Buffer,
  root: string,
  marker: ConsultMarker | undefined,
  currentHash: string | undefined,
  now: number,
  maxAgeMs: number,
  session?: string,
): MarkerVerdict {
  if (!marker) return { ok: false, reason: 'none' };
  if (!isSigned(key, root, marker)) return { ok: false, reason: 'forged', marker };
  if (currentHash === undefined || marker.hash !== currentHash) return { ok: false, reason: 'stale', marker };
  // Age counts from the signed time, which renewals keep; a time ahead of the clock is refused.
  if (!Number.isFinite(marker.time) || marker.time - now > MARKER_CLOCK_SKEW_MS)
    return { ok: false, reason: 'future', marker };
  if (now - marker.time > maxAgeMs) return { ok: false, reason: 'expired', marker };
  if (marker.session && session !== undefined && marker.session !== session)
    return { ok: false, reason: 'other-session', marker };
  return { ok: true, marker };
}
