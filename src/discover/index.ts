/**
 * discover: the repository's files, each read once, hashed, and classified. What cannot be read
 * (binary, too large, invalid UTF-8, unreadable, symlinks out of the root or in a loop) is kept as
 * coverage with a reason, and where it still exists it stays a file so imports of it resolve.
 */
import { constants, lstatSync, statSync } from 'node:fs';
import path from 'node:path';
import { DEFAULT_MAX_FILE_BYTES } from '../model/constants.js';
import type { FileContent, SourceFile, TextSource } from '../model/facts.js';
import { contentHash } from '../model/ids.js';
import { compareStrings } from '../model/paths.js';
import type { Coverage } from '../model/types.js';
import { contain } from './contain.js';
import { type PythonEnvironment, readPythonEnvironment } from './python-env.js';
import { fileRole } from './roles.js';
import { kindOfType, READ_CAP_BYTES, readRegularFile } from './safe-read.js';
import { ABSENT, RACY_MS, STAMP_FIELDS, type StatTree, stampAt, stampOf, statTree } from './stat-tree.js';

const { S_IFDIR, S_IFLNK, S_IFMT, S_IFREG } = constants;

export { realRoot } from './contain.js';
export { fileRole } from './roles.js';
export { type StatTree, statTree } from './stat-tree.js';

/** What the previous scan recorded of a file (the index's files table). */
export interface KnownFile {
  hash: string;
  role: string;
  stamp?: string;
  content?: FileContent;
}

export interface DiscoverOptions {
  maxFileBytes?: number;
  /** The previous scan's files: a file with the same stat stamp keeps its hash unread. */
  previous?: ReadonlyMap<string, KnownFile>;
  /**
   * When the previous scan started (ms). A file modified within RACY_MS of it may have changed
   * again in the same clock tick after it was read, so its stamp proves nothing: it is re-read.
   */
  previousStartMs?: number;
  /** Test hook: reorders the listing before processing, to prove order independence. */
  order?: (paths: string[]) => string[];
}

export interface Discovery {
  /** Real absolute path of the root. */
  root: string;
  via: 'git' | 'walk';
  /** Sorted by path. */
  files: SourceFile[];
  /** Decoded UTF-8 text of every readable text file (files whose stamp matched are read on first use). */
  texts: TextSource;
  /** Paths whose bytes were read and hashed (a new or changed stamp); the rest reused their hash. */
  read: string[];
  coverage: Coverage[];
  /** Virtual environments in the repository and what they have installed (python-env.ts). */
  pythonEnvironment?: PythonEnvironment;
  /** statTree's digest of the listing and every stamp. */
  stamps?: string;
}

/** What discovery itself returns: texts it can let go of (scan-build.ts, after the guardian). */
export interface Discovered extends Discovery {
  texts: ReleasableTexts;
}

const decoder = new TextDecoder('utf-8', { fatal: true });

export function discover(dir: string, options: DiscoverOptions = {}): Discovered {
  return discoverTree(statTree(dir, options), options);
}

/** The second half of discovery: each stat'ed file hashed (or its hash kept) and classified. */
export function discoverTree(tree: StatTree, options: DiscoverOptions = {}): Discovered {
  const { root, listing } = tree;
  const maxBytes = options.maxFileBytes ?? DEFAULT_MAX_FILE_BYTES;
  const files: SourceFile[] = [];
  const texts = new LazyTexts(root);
  const read: string[] = [];
  const coverage: Coverage[] = [];
  const trustedBefore = (options.previousStartMs ?? 0) - RACY_MS;
  const skip = (scope: string, reason: string, status: Coverage['status'] = 'skipped') =>
    coverage.push({ analyzer: 'discover', scope, status, reason });

  // The scope is the name as it is on disk, so the entry says exactly which file it is.
  for (const u of listing.unnamed) skip(u.path, u.reason);
  const prefix = root.endsWith(path.sep) ? root : root + path.sep;
  const { paths, numbers } = tree;
  for (let i = 0; i < paths.length; i++) {
    const rel = paths[i]!;
    const abs = prefix + rel;
    const at = i * STAMP_FIELDS;
    let type = numbers[at]!;
    if (type === ABSENT) continue; // listed by git but deleted from the work tree: not part of the tree on disk
    // The stamp as statTree took it; a symlink's is replaced by its target's below.
    let stamp = stampAt(numbers, i);
    let size = numbers[at + 1]!;
    let mtimeMs = numbers[at + 2]!;
    let ctimeMs = numbers[at + 4]!;
    if (type === S_IFLNK) {
      const target = contain(root, rel);
      if (!target.ok) {
        if (target.reason === 'outside')
          skip(rel, 'symlink points outside the repository root; not followed');
        else if (target.reason === 'loop') skip(rel, 'symlink loop; not followed');
        else skip(rel, `broken symlink (${target.detail}); not followed`);
        continue;
      }
      const stat = statSync(target.real);
      if (stat.isDirectory()) {
        skip(rel, 'symlink to a directory; directories are not followed through links');
        continue;
      }
      type = stat.mode & S_IFMT;
      stamp = stampOf(stat);
      ({ size, mtimeMs, ctimeMs } = stat);
    }
    if (type === S_IFDIR) {
      skip(rel, 'git submodule or nested repository; not analysed');
      continue;
    }
    if (type !== S_IFREG) {
      skip(rel, `not a regular file (${kindOfType(type)}); not read`);
      continue;
    }
    const role = fileRole(rel);
    const known = options.previous?.get(rel);
    if (
      known?.stamp === stamp &&
      known.content !== undefined &&
      !known.hash.startsWith('size:') &&
      known.role === role &&
      mtimeMs < trustedBefore &&
      ctimeMs < trustedBefore &&
      size <= maxBytes
    ) {
      files.push({
        path: rel,
        role,
        size,
        hash: known.hash,
        mtimeMs: Math.trunc(mtimeMs),
        stamp,
        content: known.content,
      });
      if (known.content === 'text') texts.defer(rel);
      else if (known.content === 'binary') skip(rel, BINARY_REASON);
      else if (known.content === 'invalid-utf8') skip(rel, INVALID_REASON);
      continue;
    }
    if (size > maxBytes) {
      skip(rel, `file is ${size} bytes, over the ${maxBytes}-byte limit; not analysed`);
      files.push({
        path: rel,
        role,
        size,
        hash: `size:${size}`,
        mtimeMs: Math.trunc(mtimeMs),
        stamp,
        content: 'unread',
      });
      continue;
    }
    // The type and size are checked again on the open file: it may have been swapped for a FIFO
    // or have grown since the lstat above.
    const got = readRegularFile(abs, maxBytes);
    if (!got.ok) {
      if (got.reason === 'not-a-file') skip(rel, `not a regular file (${got.detail}); not read`);
      else if (got.reason === 'too-large') skip(rel, `file is ${got.detail}; not analysed`);
      else skip(rel, `unreadable (${got.detail}); not analysed`, 'failed');
      continue;
    }
    const bytes = got.bytes;
    read.push(rel);
    const file: SourceFile = {
      path: rel,
      role,
      size,
      hash: contentHash(bytes),
      mtimeMs: Math.trunc(mtimeMs),
      stamp,
      content: 'unread',
    };
    files.push(file);
    if (role === 'other' || (role === 'asset' && !TEXT_ASSET.test(rel))) continue;
    const decoded = decodeText(bytes);
    file.content = decoded.content;
    if (decoded.text !== undefined) texts.set(rel, decoded.text);
    else skip(rel, decoded.content === 'binary' ? BINARY_REASON : INVALID_REASON);
  }
  files.sort((a, b) => compareStrings(a.path, b.path));
  const python = readPythonEnvironment(root, files);
  coverage.push(...python.coverage);
  return {
    root,
    via: listing.via,
    files,
    texts,
    read,
    coverage,
    ...(python.environment ? { pythonEnvironment: python.environment } : {}),
    stamps: tree.stamps,
  };
}

export interface Restat {
  /** touched: same bytes (the stamp may have moved); changed: other bytes; gone: not a readable regular file any more. */
  change: 'touched' | 'changed' | 'gone';
  file?: SourceFile;
  text?: string;
}

/**
 * One known file looked at again (a watcher's event): the same stamp and hash rules as discover,
 * for a single path. A file that became a symlink, a directory, too large or unreadable is `gone`
 * for the caller to hand to a full discovery, which records why.
 */
export function restat(root: string, known: SourceFile, maxBytes = DEFAULT_MAX_FILE_BYTES): Restat {
  const abs = path.join(root, known.path);
  let stat: import('node:fs').Stats | undefined;
  try {
    stat = lstatSync(abs);
  } catch {
    return { change: 'gone' };
  }
  if (!stat.isFile() || stat.size > maxBytes) return { change: 'gone' };
  const stamp = stampOf(stat);
  // No shortcut on an equal stamp: an event says the file was written, and two writes of the
  // same size within one clock tick leave the same stamp (git's "racily clean" case).
  const got = readRegularFile(abs, maxBytes);
  if (!got.ok) return { change: 'gone' };
  const bytes = got.bytes;
  const file: SourceFile = {
    ...known,
    size: stat.size,
    hash: contentHash(bytes),
    mtimeMs: Math.trunc(stat.mtimeMs),
    stamp,
    content: 'unread',
  };
  const textual = !(known.role === 'other' || (known.role === 'asset' && !TEXT_ASSET.test(known.path)));
  const decoded = textual ? decodeText(bytes) : undefined;
  if (decoded) file.content = decoded.content;
  return {
    change: file.hash === known.hash ? 'touched' : 'changed',
    file,
    ...(decoded?.text !== undefined ? { text: decoded.text } : {}),
  };
}

const TEXT_ASSET = /\.(?:json|svg|css|scss|less|html|txt|ya?ml)$/i;

const BINARY_REASON = 'binary file; not analysed for references';
const INVALID_REASON = 'invalid UTF-8; not analysed';

export function decodeText(bytes: Uint8Array): { content: FileContent; text?: string } {
  if (bytes.subarray(0, 8000).includes(0)) return { content: 'binary' };
  try {
    return { content: 'text', text: decoder.decode(bytes) };
  } catch {
    return { content: 'invalid-utf8' };
  }
}

export interface ReleasableTexts extends TextSource {
  /**
   * Lets go of every text, once the scan's last reader is done with them (a full build: after
   * the guardian), so ~40 MB of sources on the 7k-file monorepo are not carried through emit and
   * the index write. A read after it is a bug, and throws.
   */
  release(): void;
}

/**
 * Texts read during discovery, plus the files whose stamp matched, read on first use. A deferred
 * file that no longer decodes (it changed after discovery) reads as absent, never as other text.
 * (Exported for moved-discovery.ts, which rebuilds discovery's answer from a few files.)
 */
export class LazyTexts implements ReleasableTexts {
  readonly #texts = new Map<string, string>();
  readonly #deferred = new Set<string>();
  #released = false;
  constructor(readonly root: string) {}
  release(): void {
    this.#released = true;
    this.#texts.clear();
    this.#deferred.clear();
  }
  set(rel: string, text: string): void {
    this.#texts.set(rel, text);
  }
  defer(rel: string): void {
    this.#deferred.add(rel);
  }
  has(rel: string): boolean {
    this.#live();
    return this.#texts.has(rel) || this.#deferred.has(rel);
  }
  get(rel: string): string | undefined {
    this.#live();
    const text = this.#texts.get(rel);
    if (text !== undefined || !this.#deferred.has(rel)) return text;
    this.#deferred.delete(rel);
    // Deferred files were regular and within the size limit when listed; they are still read
    // through the same checks, with the cap every read has.
    const got = readRegularFile(path.join(this.root, rel), READ_CAP_BYTES);
    if (!got.ok) return undefined;
    const decoded = decodeText(got.bytes);
    if (decoded.text !== undefined) this.#texts.set(rel, decoded.text);
    return decoded.text;
  }
  #live(): void {
    if (this.#released) throw new Error('discovery texts read after they were released');
  }
}
