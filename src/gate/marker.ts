/**
 * Consult markers are signed: HMAC-SHA256 over every field and the repository root, with a key
 * that lives outside the repository (see store/marker-key.ts). A marker written by hand — a file,
 * or a row pasted into the index — has no valid signature and never counts. Only a consulting
 * query, which holds the key, can make one.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { ConsultMarker } from '../store/index.js';

type Unsigned = Omit<ConsultMarker, 'signature'>;

const payload = (root: string, m: Unsigned) =>
  JSON.stringify(['proofmap-consult/v1', root, m.path, m.hash, m.epoch, m.query, m.time]);

export function signMarker(key: Buffer, root: string, marker: Unsigned): ConsultMarker {
  return { ...marker, signature: createHmac('sha256', key).update(payload(root, marker)).digest('hex') };
}

export type MarkerVerdict =
  | { ok: true; marker: ConsultMarker }
  | { ok: false; reason: 'none' | 'forged' | 'stale' | 'expired'; marker?: ConsultMarker };

/**
 * A marker counts only when its signature is ours, the file still has the bytes it had when it
 * was consulted, and it is younger than maxAgeMs.
 */
export function checkMarker(
  key: Buffer,
  root: string,
  marker: ConsultMarker | undefined,
  currentHash: string | undefined,
  now: number,
  maxAgeMs: number,
): MarkerVerdict {
  if (!marker) return { ok: false, reason: 'none' };
  const expected = Buffer.from(signMarker(key, root, marker).signature, 'hex');
  const actual = Buffer.from(marker.signature, 'hex');
  if (actual.length !== expected.length || !timingSafeEqual(actual, expected))
    return { ok: false, reason: 'forged', marker };
  if (currentHash === undefined || marker.hash !== currentHash) return { ok: false, reason: 'stale', marker };
  if (now - marker.time > maxAgeMs) return { ok: false, reason: 'expired', marker };
  return { ok: true, marker };
}
