/**
 * Emit: validates the map against the published JSON Schema (ajv) and writes it atomically (temp
 * file in the same folder, then rename; see writeAtomic for when an fsync comes first), so a crash
 * never leaves half a map and a reader never sees one.
 */
import {
  close,
  closeSync,
  constants,
  existsSync,
  fstatSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readFileSync,
  readSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { InputError } from '../model/errors.js';
import { mapPath, readMapBytes, statStamp } from './map-file.js';
import { type ByteRun, type MapChunk, MapText, type SpanTable } from './map-text.js';
import type { ProofMap } from './schema.js';
import { describeSchemaError, type SchemaError } from './schema-problems.js';
import { exactForSchema, VALIDATOR_OPTIONS } from './validator-options.js';

export { mapPath, readMapBytes };

const schemaFile = fileURLToPath(new URL('../../schemas/map.schema.json', import.meta.url));
let validator: (((data: unknown) => boolean) & { errors?: unknown }) | undefined;

export function validateMap(map: unknown): string[] {
  validator ??= loadValidator();
  if (validator(map)) return [];
  return ((validator.errors ?? []) as SchemaError[]).map((e) => describeSchemaError(e, map));
}

/** The validator precompiled at build time (scripts/build-validator.mjs), else compiled now. */
function loadValidator(): NonNullable<typeof validator> {
  try {
    // '../map/': the same file from dist/map/ and from the bundled CLI in dist/cli-bundle/.
    return createRequire(import.meta.url)('../map/map-validator.cjs') as NonNullable<typeof validator>;
  } catch {
    // Running from sources (tests): compile the schema now. ajv is loaded only here.
    const { Ajv2020 } = createRequire(import.meta.url)(
      'ajv/dist/2020.js',
    ) as typeof import('ajv/dist/2020.js');
    const schema: unknown = JSON.parse(readFileSync(schemaFile, 'utf8'));
    if (!exactForSchema(schema))
      throw new Error(
        'internal: the map schema needs unicode-aware length or pattern checks (validator-options.ts)',
      );
    // No logger: ajv would print that `unicode` is deprecated, a choice made in VALIDATOR_OPTIONS.
    return new Ajv2020({ ...VALIDATOR_OPTIONS, logger: false }).compile(schema as object);
  }
}

/**
 * Serialises the map in its one canonical byte form: each node, edge, zone, flow, finding and
 * coverage entry on a line of its own (compact JSON), `meta` pretty-printed. A change to one file
 * then shows as a few changed lines in a diff, and the file is about half the size of fully
 * indented JSON, which every reader pays for in parse time.
 */
export function serializeMap(map: ProofMap, items?: SerializedItems): string {
  const chunks: Buffer[] = [];
  // The sink's bytes are a reused buffer: each chunk is copied before the next is written.
  emitMapBytes(map, items, (bytes) => void chunks.push(Buffer.from(bytes)));
  return Buffer.concat(chunks).toString('utf8');
}

/** Receives map.json's bytes in order; the array is reused once the call returns. */
export type ByteSink = (bytes: Uint8Array) => void;

/** Bytes encoded before the sink is called: large enough to make few writes, small enough to reuse. */
const CHUNK_BYTES = 1 << 20;

/**
 * serializeMap's bytes, handed to `sink` a megabyte at a time. Node and edge lines are encoded
 * straight into one reused buffer: the 7k-file map's 80,000 lines are never joined into strings
 * nor held as 39 MB of chunks (joining and re-encoding them cost ~0.6 s of CPU, most of it in the
 * garbage collector, and the chunks stayed in memory through the index write). With `spans`
 * (and `items`), each node's and edge's byte range in the output is recorded there.
 */
export function emitMapBytes(
  map: ProofMap,
  items: SerializedItems | undefined,
  sink: ByteSink,
  spans?: SpanTable,
): void {
  const out = Buffer.allocUnsafe(CHUNK_BYTES);
  let at = 0;
  /** Bytes handed to the sink so far: `sent + at` is the offset of the next byte. */
  let sent = 0;
  const flush = () => {
    if (at > 0) sink(out.subarray(0, at));
    sent += at;
    at = 0;
  };
  const put = (text: string) => {
    // A UTF-16 unit is at most 3 UTF-8 bytes; a line longer than the buffer goes out on its own.
    if (out.length - at < text.length * 3) flush();
    if (text.length * 3 > out.length) {
      const bytes = Buffer.from(text);
      sink(bytes);
      sent += bytes.length;
    } else at += out.write(text, at);
  };
  const entries = Object.entries(map);
  put('{\n');
  entries.forEach(([key, value], i) => {
    const lines = key === 'nodes' ? items?.nodes : key === 'edges' ? items?.edges : undefined;
    if (key === 'edges') spans?.endNodes();
    put(`  ${JSON.stringify(key)}: `);
    if (lines === undefined) put(serializeSection(key, value));
    else if (lines.length === 0) put('[]');
    else {
      put('[\n    ');
      for (let k = 0; k < lines.length; k++) {
        if (k > 0) {
          // Copied byte by byte: a call into the encoder per separator cost as much as the line.
          if (out.length - at < SEPARATOR_BYTES.length) flush();
          for (let b = 0; b < SEPARATOR_BYTES.length; b++) out[at++] = SEPARATOR_BYTES[b]!;
        }
        const start = sent + at;
        put(lines[k]!);
        spans?.add(start, sent + at, lines[k]!);
      }
      put('\n  ]');
    }
    put(i === entries.length - 1 ? '\n}\n' : ',\n');
  });
  flush();
}

/** What joins two node or edge lines. */
const SEPARATOR_BYTES = Buffer.from(',\n    ');

/** The compact JSON of every node and edge, made once and shared by map.json and the index rows. */
export interface SerializedItems {
  nodes: string[];
  edges: string[];
}

export function serializeItems(map: Pick<ProofMap, 'nodes' | 'edges'>): SerializedItems {
  return { nodes: map.nodes.map(itemJson), edges: map.edges.map(itemJson) };
}

/**
 * An item's compact JSON as one flat string. V8's JSON.stringify returns a rope of 4–5 pieces for
 * an edge-sized object; reading a character makes V8 flatten it while it is young, so the pieces
 * die in the nursery instead of being kept (13 MB for the 7k-file map's 87,000 items) until
 * map.json's encoding or the index's hashing flattens them in old space, as garbage.
 */
function itemJson(item: unknown): string {
  const json = JSON.stringify(item);
  json.charCodeAt(0);
  return json;
}

/** One top-level value as serializeMap writes it (MapText re-renders small sections with it). */
export function serializeSection(_key: string, value: unknown): string {
  return Array.isArray(value)
    ? value.length === 0
      ? '[]'
      : `[\n${value.map((item) => `    ${JSON.stringify(item)}`).join(',\n')}\n  ]`
    : JSON.stringify(value, null, 2).replace(/\n/g, '\n  ');
}

/**
 * The bytes of map.json. It is committed, so it is untrusted: a FIFO or a link to /dev/zero in
 * its place must fail like a missing file, not hang or fill memory. Throws an Error with `code`.
 */
export function readMapFile(root: string): ProofMap | undefined {
  const read = readMapChecked(root);
  return 'map' in read ? read.map : undefined;
}

/** The map, or why it cannot be used: missing, not JSON, or the first schema violation found. */
export function readMapChecked(root: string): { map: ProofMap } | { problem: string } {
  let text: string;
  try {
    text = readMapBytes(root).toString('utf8');
  } catch {
    return { problem: 'is missing' };
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    return { problem: `is not JSON (${(error as Error).message})` };
  }
  const problems = validateMap(parsed);
  if (problems.length > 0) return { problem: `is not a valid proofmap.map/v1 file: ${problems[0]}` };
  return { map: parsed as ProofMap };
}

/**
 * The previous map, for increments only: parsed, not schema-validated (that costs as much as the
 * parse on a large map), and accepted only when the few fields increments read have their shape.
 */
export function readPreviousMap(root: string): Pick<ProofMap, 'meta' | 'nodes' | 'increments'> | undefined {
  try {
    const bytes = readMapBytes(root);
    // The layout this version writes: only the node lines are parsed, not the 25 MB of edges.
    const text = MapText.parse(bytes);
    const m = (
      text
        ? { ...text.small, nodes: text.nodes.map((item) => JSON.parse(text.text(item))) }
        : JSON.parse(bytes.toString('utf8'))
    ) as ProofMap;
    const ok =
      m.$schema === 'proofmap.map/v1' &&
      Number.isInteger(m.meta?.version) &&
      typeof m.meta.source_fingerprint === 'string' &&
      Array.isArray(m.increments) &&
      Array.isArray(m.nodes) &&
      m.nodes.every((n) => typeof n.id === 'string');
    return ok ? m : undefined;
  } catch {
    return undefined;
  }
}

export function writeMap(root: string, map: ProofMap): string {
  const problems = validateMap(map);
  if (problems.length > 0)
    throw new Error(`internal: the map does not match its schema: ${problems.slice(0, 3).join('; ')}`);
  return writeMapFile(root, map);
}

/**
 * Writes an already validated map, streaming its bytes (serializeItems' lines, when given; with
 * `spans`, where each of them landed).
 */
export function writeMapFile(
  root: string,
  map: ProofMap,
  items?: SerializedItems,
  spans?: SpanTable,
): string {
  const target = mapPath(root);
  writeAtomic(target, (sink) => emitMapBytes(map, items, sink, spans), { derived: true });
  ensureOutputIgnore(path.dirname(target));
  return target;
}

/** Writes an already validated and serialised map. */
export function writeMapText(root: string, text: string | Uint8Array | readonly MapChunk[]): string {
  stageMapText(root, text).commit();
  return mapPath(root);
}

/** writeMapText up to the rename (stageAtomic). */
export function stageMapText(root: string, text: string | Uint8Array | readonly MapChunk[]): StagedWrite {
  const target = mapPath(root);
  const staged = stageAtomic(target, text, { derived: true });
  ensureOutputIgnore(path.dirname(target));
  return staged;
}

/** map.json is the artifact, safe to commit; everything else in .proofmap/ is derived or local. */
const OUTPUT_IGNORE =
  '# written by proofmap: map.json is the artifact (commit it if you like); the rest is derived\n*\n!map.json\n!.gitignore\n';

export function ensureOutputIgnore(dir: string): void {
  const file = path.join(dir, '.gitignore');
  if (!existsSync(file)) writeAtomic(file, OUTPUT_IGNORE);
}

/**
 * Runs of the old map are copied through one small buffer: reading the whole 40 MB file into
 * fresh memory cost more than all the rest of a one-file rescan (each new page is a fault).
 */
const COPY_BYTES = 1024 * 1024;

function copyRun(run: ByteRun, fd: number, scratch: Buffer): void {
  let at = run.start;
  while (at < run.end) {
    const n = readSync(run.fd, scratch, 0, Math.min(scratch.length, run.end - at), at);
    if (n === 0) throw new Error(`internal: map.json ended at byte ${at} while copying it`);
    writeFileSync(fd, scratch.subarray(0, n));
    at += n;
  }
}

const UNWRITABLE = new Set([
  'EACCES',
  'EPERM',
  'EROFS',
  'ENOSPC',
  'EDQUOT',
  'ENOENT',
  'ENOTDIR',
  'EISDIR',
  'ELOOP',
  'ENAMETOOLONG',
]);

/**
 * Writes a file so that readers see either the old or the new content, never a mix. `content`
 * may be a function that hands the bytes to its sink in order, for content never held whole.
 * `derived: true` skips the fsync before the rename, for files a scan rebuilds (map.json and its
 * span table): the rename alone already keeps a crashed or killed process from leaving a mix, and
 * what the fsync adds — the new bytes surviving a power cut — is not worth its cost there (30 ms of
 * every one-file rescan for the 7k-file repository's 40 MB map): after a power cut a scan finds
 * the map's stamp changed and writes it again, as compilers and linters do with their outputs.
 * Files a person wrote or approved (configuration, agent settings) stay fsynced.
 */
export function writeAtomic(
  target: string,
  content: string | Uint8Array | readonly MapChunk[] | ((sink: ByteSink) => void),
  options: { derived?: boolean } = {},
): void {
  stageAtomic(target, content, options).commit();
}

/** A file written beside its target, not yet in its place. */
export interface StagedWrite {
  /** The written file's statStamp: the target's once committed (a rename keeps it). */
  stamp: string;
  /** Renames the file over the target. */
  commit(): void;
  /** Removes the file; the target stays as it was. */
  discard(): void;
}

/**
 * writeAtomic's first half: the bytes in a temp file beside `target`, whose stamp a caller can
 * record before the rename makes them the target (scan-delta.ts records map.json's in the index
 * first, so that the index's sync does not wait for map.json's 40 MB to reach the disk).
 */
export function stageAtomic(
  target: string,
  content: string | Uint8Array | readonly MapChunk[] | ((sink: ByteSink) => void),
  { derived = false }: { derived?: boolean } = {},
): StagedWrite {
  const dir = path.dirname(target);
  try {
    mkdirSync(dir, { recursive: true });
  } catch (cause) {
    throw new InputError(`cannot create ${dir}`, { cause, hint: 'check that the repository is writable' });
  }
  const temp = tempBeside(target);
  let stamp: string;
  try {
    const fd = openSync(temp, 'w');
    try {
      // writeFileSync loops until every byte is written, unlike one writeSync.
      if (typeof content === 'string' || content instanceof Uint8Array) writeFileSync(fd, content);
      else if (typeof content === 'function') content((bytes) => writeFileSync(fd, bytes));
      else {
        let scratch: Buffer | undefined;
        for (const chunk of content) {
          if (chunk instanceof Uint8Array) writeFileSync(fd, chunk);
          else {
            scratch ??= Buffer.allocUnsafeSlow(COPY_BYTES);
            copyRun(chunk, fd, scratch);
          }
        }
      }
      if (!derived) fsyncSync(fd);
      stamp = statStamp(fstatSync(fd));
    } finally {
      closeSync(fd);
    }
  } catch (cause) {
    rmSync(temp, { force: true });
    throw writeFailure(target, cause);
  }
  return {
    stamp,
    commit() {
      // A derived file is large (map.json is 40 MB for 7,000 files): the file system frees the old
      // one's blocks when its last reference goes, 17-19 ms on this machine's ext4. Held open
      // across the rename, that last reference is closed on libuv's pool, beside the rest of the scan.
      const old = derived ? holdOpen(target) : undefined;
      try {
        renameSync(temp, target);
      } catch (cause) {
        rmSync(temp, { force: true });
        throw writeFailure(target, cause);
      } finally {
        if (old !== undefined) releaseLater(old);
      }
    },
    discard: () => rmSync(temp, { force: true }),
  };
}

/** A descriptor holding the file at `target`, if there is one (a link is not followed, a FIFO not waited on). */
function holdOpen(target: string): number | undefined {
  // Windows refuses to rename over an open file.
  if (process.platform === 'win32') return undefined;
  try {
    return openSync(target, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  } catch {
    return undefined; // none there yet, or not one to hold: the rename frees it as before
  }
}

/**
 * Closes `fd` on libuv's pool. The process lives until that close has run, so nothing is left
 * open at exit; only the freeing of a replaced file's blocks no longer waits in line.
 */
export function releaseLater(fd: number): void {
  close(fd, () => {});
}

/** A temp file beside `target`, for writeAtomic and its asynchronous twin (resident/map-writer.ts). */
export const tempBeside = (target: string): string =>
  `${target}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;

/** What a failed atomic write throws: one line when the folder is not writable. */
export function writeFailure(target: string, cause: unknown): unknown {
  const code = (cause as NodeJS.ErrnoException).code;
  // ENOENT/ENOTDIR here mean the folder is not a real writable folder (`--out /proc/x`).
  if (code !== undefined && UNWRITABLE.has(code))
    return new InputError(`cannot write ${target} (${code})`, {
      cause,
      hint: 'check that the output folder is writable',
    });
  return cause;
}
