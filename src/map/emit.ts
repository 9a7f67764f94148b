/**
 * Emit: validates the map against the published JSON Schema (ajv) and writes it atomically (temp
 * file in the same folder, fsync, rename), so a crash never leaves half a map and a reader never
 * sees one.
 */
import {
  closeSync,
  existsSync,
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
import { readRegularFile } from '../discover/safe-read.js';
import { MAP_FILE, OUTPUT_DIR } from '../model/constants.js';
import { InputError } from '../model/errors.js';
import { type ByteRun, type MapChunk, MapText, type SpanTable } from './map-text.js';
import type { ProofMap } from './schema.js';
import { describeSchemaError, type SchemaError } from './schema-problems.js';

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
    const ajv = new Ajv2020({ allErrors: false, strict: false });
    return ajv.compile(JSON.parse(readFileSync(schemaFile, 'utf8')));
  }
}

/**
 * Serialises the map in its one canonical byte form: each node, edge, zone, flow, finding and
 * coverage entry on a line of its own (compact JSON), `meta` pretty-printed. A change to one file
 * then shows as a few changed lines in a diff, and the file is about half the size of fully
 * indented JSON, which every reader pays for in parse time.
 */
export function serializeMap(map: ProofMap, items?: SerializedItems): string {
  return Buffer.concat(serializeMapChunks(map, items)).toString('utf8');
}

/** Lines encoded per chunk: big enough to keep the chunk count small, small enough to stay cheap. */
const LINES_PER_CHUNK = 2048;

/**
 * serializeMap's bytes as chunks, for writing: a 30 MB map is never one string (building and
 * encoding that cost ~0.6 s of the 7k-file scan, most of it in the garbage collector). With
 * `spans` (and `items`), each node's and edge's place in the bytes is recorded there.
 */
export function serializeMapChunks(map: ProofMap, items?: SerializedItems, spans?: SpanTable): Buffer[] {
  const out: Buffer[] = [];
  let size = 0;
  const push = (b: Buffer) => {
    out.push(b);
    size += b.length;
  };
  push(Buffer.from('{\n'));
  const entries = Object.entries(map);
  entries.forEach(([key, value], i) => {
    const lines = key === 'nodes' ? items?.nodes : key === 'edges' ? items?.edges : undefined;
    if (key === 'edges') spans?.endNodes();
    push(Buffer.from(`  ${JSON.stringify(key)}: `));
    if (lines === undefined) push(Buffer.from(serializeSection(key, value)));
    else if (lines.length === 0) push(Buffer.from('[]'));
    else {
      push(Buffer.from('[\n    '));
      for (let at = 0; at < lines.length; at += LINES_PER_CHUNK) {
        const some = lines.slice(at, at + LINES_PER_CHUNK);
        const text = `${at > 0 ? ITEM_SEPARATOR : ''}${some.join(ITEM_SEPARATOR)}`;
        const bytes = Buffer.from(text);
        if (spans)
          recordLines(spans, some, size + (at > 0 ? ITEM_SEPARATOR.length : 0), bytes.length === text.length);
        push(bytes);
      }
      push(Buffer.from('\n  ]'));
    }
    push(Buffer.from(i === entries.length - 1 ? '\n}\n' : ',\n'));
  });
  return out;
}

/** Lines written from `start`, separated by ITEM_SEPARATOR; all ASCII when `ascii` (the usual case). */
function recordLines(spans: SpanTable, lines: readonly string[], start: number, ascii: boolean): void {
  let at = start;
  for (const line of lines) {
    const length = ascii ? line.length : Buffer.byteLength(line);
    spans.add(at, at + length, line);
    at += length + ITEM_SEPARATOR.length;
  }
}

const ITEM_SEPARATOR = ',\n    ';

/** The compact JSON of every node and edge, made once and shared by map.json and the index rows. */
export interface SerializedItems {
  nodes: string[];
  edges: string[];
}

export function serializeItems(map: Pick<ProofMap, 'nodes' | 'edges'>): SerializedItems {
  return { nodes: map.nodes.map((n) => JSON.stringify(n)), edges: map.edges.map((e) => JSON.stringify(e)) };
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
export function readMapBytes(root: string): Buffer {
  const read = readRegularFile(mapPath(root), MAP_MAX_BYTES);
  if (read.ok) return read.bytes;
  const code = read.reason === 'missing' ? 'ENOENT' : 'EINVAL';
  throw Object.assign(new Error(`${mapPath(root)}: ${read.reason} (${read.detail})`), { code });
}

/** Far above any real map (a 7,000-file repository's is ~25 MB), below what a string can hold. */
const MAP_MAX_BYTES = 400 * 1024 * 1024;

export function mapPath(root: string): string {
  return path.join(root, OUTPUT_DIR, MAP_FILE);
}

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
  return writeMapText(root, serializeMap(map));
}

/** Writes an already validated and serialised map. */
export function writeMapText(root: string, text: string | Uint8Array | readonly MapChunk[]): string {
  const target = mapPath(root);
  writeAtomic(target, text);
  ensureOutputIgnore(path.dirname(target));
  return target;
}

/** map.json is the artifact, safe to commit; everything else in .proofmap/ is derived or local. */
const OUTPUT_IGNORE =
  '# written by proofmap: map.json is the artifact (commit it if you like); the rest is derived\n*\n!map.json\n!.gitignore\n';

function ensureOutputIgnore(dir: string): void {
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

/** Writes a file so that readers see either the old or the new content, never a mix. */
export function writeAtomic(target: string, content: string | Uint8Array | readonly MapChunk[]): void {
  const dir = path.dirname(target);
  try {
    mkdirSync(dir, { recursive: true });
  } catch (cause) {
    throw new InputError(`cannot create ${dir}`, { cause, hint: 'check that the repository is writable' });
  }
  const temp = `${target}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  try {
    const fd = openSync(temp, 'w');
    try {
      // writeFileSync loops until every byte is written, unlike one writeSync.
      if (typeof content === 'string' || content instanceof Uint8Array) writeFileSync(fd, content);
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
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(temp, target);
  } catch (cause) {
    rmSync(temp, { force: true });
    const code = (cause as NodeJS.ErrnoException).code;
    // ENOENT/ENOTDIR here mean the folder is not a real writable folder (`--out /proc/x`).
    if (code !== undefined && UNWRITABLE.has(code))
      throw new InputError(`cannot write ${target} (${code})`, {
        cause,
        hint: 'check that the output folder is writable',
      });
    throw cause;
  }
}
