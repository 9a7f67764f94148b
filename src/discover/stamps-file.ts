/**
 * The last scan's stat stamps entry by entry (`.proofmap/tree-stamps.bin`): statTree's numbers.
 * A rescan whose tree digest differs from the recorded one (a file touched, or saved with the
 * same bytes) compares them with its own to learn which few files to read again
 * (racy-recheck.ts), instead of loading the whole file table and running discovery. The caller
 * trusts them only when they digest, over its own listing, to the tree key the last scan recorded
 * (StatTree.digestOf): that also rules out a torn or stale file, another listing, version or
 * option.
 *
 * Layout: one JSON header line padded to a multiple of 8 bytes, then the numbers as 64-bit
 * floats in this machine's byte order.
 */
import { renameSync, rmSync, writeFileSync } from 'node:fs';
import { endianness } from 'node:os';
import path from 'node:path';
import { OUTPUT_DIR } from '../model/constants.js';
import { readRegularFile } from './safe-read.js';

const STAMPS_FILE = 'tree-stamps.bin';
const FORMAT = 'proofmap.tree-stamps/1';
/** Far above a 50k-file tree's numbers (2 MB). */
const MAX_BYTES = 64 * 1024 * 1024;

const stampsPath = (root: string) => path.join(root, OUTPUT_DIR, STAMPS_FILE);

/** Keeps a tree's numbers for the next rescan. Best effort: a failure costs that rescan a discovery. */
export function keepTreeStamps(root: string, numbers: Float64Array): void {
  let line = JSON.stringify({ format: FORMAT, endian: endianness() });
  line += ' '.repeat((8 - ((line.length + 1) % 8)) % 8);
  const target = stampsPath(root);
  const temp = `${target}.${process.pid}.tmp`;
  try {
    writeFileSync(temp, Buffer.from(`${line}\n`, 'latin1'));
    writeFileSync(temp, new Uint8Array(numbers.buffer, numbers.byteOffset, numbers.byteLength), {
      flag: 'a',
    });
    renameSync(temp, target);
  } catch {
    rmSync(temp, { force: true });
  }
}

/** The numbers kept by the last scan, when there are `count` of them (the caller checks their digest). */
export function keptTreeStamps(root: string, count: number): Float64Array | undefined {
  const read = readRegularFile(stampsPath(root), MAX_BYTES);
  if (!read.ok) return undefined;
  const bytes = read.bytes;
  const eol = bytes.indexOf(0x0a);
  if (eol < 0 || (eol + 1) % 8 !== 0 || bytes.length - eol - 1 !== count * 8) return undefined;
  try {
    const header = JSON.parse(bytes.toString('latin1', 0, eol)) as { format?: string; endian?: string };
    if (header.format !== FORMAT || header.endian !== endianness()) return undefined;
  } catch {
    return undefined;
  }
  // A copy: Float64Array needs an aligned offset, which a pooled read need not have.
  const numbers = new Float64Array(count);
  new Uint8Array(numbers.buffer).set(bytes.subarray(eol + 1));
  return numbers;
}
