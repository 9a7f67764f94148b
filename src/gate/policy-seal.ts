/**
 * The gate's policy rows — each file's entry (whether it is guarded, who uses it) and the stored
 * settings (block, failClosed) — are sealed with the marker key: HMAC-SHA256 over the repository
 * root, the row's name and its JSON. A row edited or planted in the index by anything that does
 * not hold the key (a pasted `UPDATE signals …`, an index.db copied from elsewhere) no longer
 * verifies, and the gate treats the index as "unknown" instead of trusting it. The name is in the
 * seal so that one file's harmless entry cannot be copied over a guarded file's.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

const SEAL = 'proofmap-gate/v1';

/** The seal rides in the row itself; everything else in the row is what it covers. */
export type Sealed<T> = T & { seal: string };

function sealOf(key: Buffer, root: string, name: string, data: unknown): string {
  return createHmac('sha256', key)
    .update(JSON.stringify([SEAL, root, name, JSON.stringify(data)]))
    .digest('hex');
}

export function sealRow<T extends object>(key: Buffer, root: string, name: string, data: T): Sealed<T> {
  return { ...data, seal: sealOf(key, root, name, data) };
}

/**
 * The row without its seal when the seal is ours, else undefined. JSON keeps key order and
 * finite numbers exactly, so a stored row stringifies back to the bytes that were sealed.
 */
export function unsealRow<T extends object>(
  key: Buffer,
  root: string,
  name: string,
  row: unknown,
): T | undefined {
  if (typeof row !== 'object' || row === null || Array.isArray(row)) return undefined;
  const { seal, ...data } = row as { seal?: unknown };
  if (typeof seal !== 'string' || !/^[0-9a-f]{64}$/.test(seal)) return undefined;
  const expected = Buffer.from(sealOf(key, root, name, data), 'hex');
  return timingSafeEqual(expected, Buffer.from(seal, 'hex')) ? (data as T) : undefined;
}
