/**
 * Discovery's answer rebuilt from the files whose stamp moved: when the listing is the last
 * scan's and its stamps are known entry by entry (stamps-file.ts), every entry whose stamp did
 * not move (and is older than the racy window) is what the last scan's discovery made of it
 * (tree-files.ts), and only the moved ones are read. The answer is the one discoverTree would
 * give for the same tree, file for file; whatever this cannot match exactly (a symlink, a moved
 * entry that is not a text code file or document before and after, an entry discovery could not
 * read, too many moved files) is left to discoverTree.
 */
import { constants } from 'node:fs';
import path from 'node:path';
import { DEFAULT_MAX_FILE_BYTES } from '../model/constants.js';
import type { SourceFile } from '../model/facts.js';
import { contentHash } from '../model/ids.js';
import { compareStrings } from '../model/paths.js';
import { type Discovered, decodeText, type KnownFile, LazyTexts } from './index.js';
import { readRegularFile } from './safe-read.js';
import { ABSENT, RACY_MS, STAMP_FIELDS, type StatTree, stampAt } from './stat-tree.js';
import type { TreeFiles } from './tree-files.js';

/** More moved files than this and discoverTree, which reads them anyway, is as cheap. */
const MAX_MOVED = 32;

const { S_IFLNK, S_IFREG } = constants;

export interface MovedDiscovery<Row extends KnownFile> {
  found: Discovered;
  /** The index rows of the files read again (found.read), as the last scan wrote them. */
  previous: Map<string, Row>;
  /** The files read again, as discovered now. */
  moved: SourceFile[];
  /** The kept entries with the moved files' new hashes, for the scan whose key is `key`. */
  treeFiles(key: string): TreeFiles;
}

/**
 * `tree`'s discovery, from `kept` (the last scan's, over the same listing) and `before` (that
 * scan's stamps, entry by entry), reading only the entries whose stamp moved or is too recent;
 * undefined when discoverTree must look (see above). `rows` gives the index rows of those files,
 * which must be the ones the last scan wrote.
 */
export function movedDiscovery<Row extends KnownFile>(
  tree: StatTree,
  before: Float64Array,
  kept: TreeFiles,
  previousStartMs: number,
  rows: (paths: readonly string[]) => ReadonlyMap<string, Row>,
  maxFileBytes = DEFAULT_MAX_FILE_BYTES,
): MovedDiscovery<Row> | undefined {
  const { root, paths, numbers } = tree;
  if (before.length !== numbers.length || kept.via !== tree.listing.via) return undefined;
  const trustedBefore = previousStartMs - RACY_MS;
  const prefix = root.endsWith(path.sep) ? root : root + path.sep;
  const texts = new LazyTexts(root);
  const files: SourceFile[] = [];
  const read: string[] = [];
  const recheck: number[] = [];
  for (let i = 0; i < paths.length; i++) {
    const at = i * STAMP_FIELDS;
    const type = numbers[at]!;
    if (type === ABSENT && before[at] === ABSENT) continue;
    // A symlink's target stamp is not among the numbers: discoverTree follows it.
    if (type === S_IFLNK) return undefined;
    const moved = !sameStamp(numbers, before, at);
    const trusted = numbers[at + 2]! < trustedBefore && numbers[at + 4]! < trustedBefore;
    const role = kept.roles[i];
    const hash = kept.hashes[i];
    const content = kept.contents[i];
    if (!moved && trusted) {
      if (type !== S_IFREG) continue; // a submodule, a FIFO …: its coverage is kept
      // A regular file discovery could not read is read again by discoverTree.
      if (!role || !hash || !content) return undefined;
      files.push(
        new KeptFile(paths[i]!, role, numbers[at + 1]!, hash, numbers[at + 2]!, content, numbers, i),
      );
      if (content === 'text') texts.defer(paths[i]!);
      continue;
    }
    // Read again: only a text code file or document that stays one keeps every coverage entry
    // and the Python environment as they were.
    if (type !== S_IFREG || before[at] !== S_IFREG || numbers[at + 1]! > maxFileBytes) return undefined;
    if ((role !== 'code' && role !== 'doc') || content !== 'text' || !hash) return undefined;
    recheck.push(i);
    if (recheck.length > MAX_MOVED) return undefined;
  }
  const known = rows(recheck.map((i) => paths[i]!));
  const previous = new Map<string, Row>();
  const moved: SourceFile[] = [];
  for (const i of recheck) {
    const rel = paths[i]!;
    const row = known.get(rel);
    // The row must be the one the last scan wrote, for the stamp and bytes it kept.
    if (!row || row.stamp !== stampAt(before, i) || row.role !== kept.roles[i]) return undefined;
    if (row.hash !== kept.hashes[i] || row.content !== kept.contents[i]) return undefined;
    const got = readRegularFile(prefix + rel, maxFileBytes);
    if (!got.ok) return undefined;
    const decoded = decodeText(got.bytes);
    if (decoded.text === undefined) return undefined;
    const at = i * STAMP_FIELDS;
    const file: SourceFile = {
      path: rel,
      role: row.role as SourceFile['role'],
      size: numbers[at + 1]!,
      hash: contentHash(got.bytes),
      mtimeMs: Math.trunc(numbers[at + 2]!),
      stamp: stampAt(numbers, i),
      content: 'text',
    };
    texts.set(rel, decoded.text);
    read.push(rel);
    files.push(file);
    moved.push(file);
    previous.set(rel, row);
  }
  files.sort((a, b) => compareStrings(a.path, b.path));
  const found: Discovered = {
    root,
    via: tree.listing.via,
    files,
    texts,
    read,
    coverage: [...kept.coverage],
    ...(kept.pythonEnvironment ? { pythonEnvironment: kept.pythonEnvironment } : {}),
    stamps: tree.stamps,
  };
  const treeFiles = (key: string): TreeFiles => {
    const hashes = [...kept.hashes];
    for (const [k, i] of recheck.entries()) hashes[i] = moved[k]!.hash;
    return { ...kept, key, hashes };
  };
  return { found, previous, moved, treeFiles };
}

/**
 * A file as the last scan's discovery saw it, whose stamp is formatted only when read: formatting
 * two sub-millisecond times for each of 7,000 files was ~10 ms of a one-file edit's rescan, and
 * only the stamps of the files read again are written (the index rows of a delta). The stamp is
 * stampAt's text, as discoverTree's stampOf gives it; toJSON writes it as an own field would be.
 */
class KeptFile implements SourceFile {
  readonly mtimeMs: number;
  readonly #numbers: Float64Array;
  readonly #index: number;
  constructor(
    readonly path: string,
    readonly role: SourceFile['role'],
    readonly size: number,
    readonly hash: string,
    mtimeMs: number,
    readonly content: NonNullable<SourceFile['content']>,
    numbers: Float64Array,
    index: number,
  ) {
    this.mtimeMs = Math.trunc(mtimeMs);
    this.#numbers = numbers;
    this.#index = index;
  }

  get stamp(): string {
    return stampAt(this.#numbers, this.#index);
  }

  toJSON(): SourceFile {
    const { path, role, size, hash, mtimeMs, stamp, content } = this;
    return { path, role, size, hash, mtimeMs, stamp, content };
  }
}

function sameStamp(a: Float64Array, b: Float64Array, at: number): boolean {
  for (let k = 0; k < STAMP_FIELDS; k++) if (a[at + k] !== b[at + k]) return false;
  return true;
}
