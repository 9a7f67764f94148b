/**
 * discover: the repository's files, each read once, hashed, and classified. What cannot be read
 * (binary, too large, invalid UTF-8, unreadable, symlinks out of the root or in a loop) is kept as
 * coverage with a reason, and where it still exists it stays a file so imports of it resolve.
 */
import { lstatSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { DEFAULT_MAX_FILE_BYTES } from '../model/constants.js';
import { InputError } from '../model/errors.js';
import type { SourceFile } from '../model/facts.js';
import { contentHash } from '../model/ids.js';
import { compareStrings } from '../model/paths.js';
import type { Coverage } from '../model/types.js';
import { contain, realRoot } from './contain.js';
import { listFiles } from './list.js';
import { fileRole } from './roles.js';

export { realRoot } from './contain.js';
export { fileRole } from './roles.js';

export interface DiscoverOptions {
  maxFileBytes?: number;
  /** Test hook: reorders the listing before processing, to prove order independence. */
  order?: (paths: string[]) => string[];
}

export interface Discovery {
  /** Real absolute path of the root. */
  root: string;
  via: 'git' | 'walk';
  /** Sorted by path. */
  files: SourceFile[];
  /** Decoded UTF-8 text of every readable text file. */
  texts: Map<string, string>;
  coverage: Coverage[];
}

const decoder = new TextDecoder('utf-8', { fatal: true });

export function discover(dir: string, options: DiscoverOptions = {}): Discovery {
  const root = realRoot(dir);
  if (!statSync(root).isDirectory())
    throw new InputError(`${dir}: not a directory`, { hint: 'pass the path of a repository' });
  const maxBytes = options.maxFileBytes ?? DEFAULT_MAX_FILE_BYTES;
  const listing = listFiles(root);
  const paths = options.order ? options.order(listing.paths) : listing.paths;
  const files: SourceFile[] = [];
  const texts = new Map<string, string>();
  const coverage: Coverage[] = [];
  const skip = (scope: string, reason: string, status: Coverage['status'] = 'skipped') =>
    coverage.push({ analyzer: 'discover', scope, status, reason });

  for (const rel of paths) {
    const abs = path.join(root, rel);
    let stat: import('node:fs').Stats;
    try {
      stat = lstatSync(abs);
    } catch {
      continue; // listed by git but deleted from the work tree: not part of the tree on disk
    }
    if (stat.isSymbolicLink()) {
      const target = contain(root, rel);
      if (!target.ok) {
        if (target.reason === 'outside')
          skip(rel, 'symlink points outside the repository root; not followed');
        else if (target.reason === 'loop') skip(rel, 'symlink loop; not followed');
        else skip(rel, `broken symlink (${target.detail}); not followed`);
        continue;
      }
      stat = statSync(target.real);
      if (stat.isDirectory()) {
        skip(rel, 'symlink to a directory; directories are not followed through links');
        continue;
      }
    }
    if (stat.isDirectory()) {
      skip(rel, 'git submodule or nested repository; not analysed');
      continue;
    }
    if (!stat.isFile()) continue;
    const role = fileRole(rel);
    if (stat.size > maxBytes) {
      skip(rel, `file is ${stat.size} bytes, over the ${maxBytes}-byte limit; not analysed`);
      files.push({
        path: rel,
        role,
        size: stat.size,
        hash: `size:${stat.size}`,
        mtimeMs: Math.trunc(stat.mtimeMs),
      });
      continue;
    }
    let bytes: Buffer;
    try {
      bytes = readFileSync(abs);
    } catch (error) {
      skip(rel, `unreadable (${(error as NodeJS.ErrnoException).code ?? 'error'}); not analysed`, 'failed');
      continue;
    }
    files.push({
      path: rel,
      role,
      size: stat.size,
      hash: contentHash(bytes),
      mtimeMs: Math.trunc(stat.mtimeMs),
    });
    if (role === 'other' || (role === 'asset' && !/\.(?:json|svg|css|scss|less|html|txt|ya?ml)$/i.test(rel)))
      continue;
    if (bytes.subarray(0, 8000).includes(0)) {
      skip(rel, 'binary file; not analysed for references');
      continue;
    }
    try {
      texts.set(rel, decoder.decode(bytes));
    } catch {
      skip(rel, 'invalid UTF-8; not analysed');
    }
  }
  files.sort((a, b) => compareStrings(a.path, b.path));
  return { root, via: listing.via, files, texts, coverage };
}
