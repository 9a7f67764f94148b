/**
 * meta.source_fingerprint for a listing that changes a file or two at a time (a resident's): each
 * file's line is kept, so a change re-hashes one joined string instead of making 7,000 lines and
 * checking their order again (~8 ms of a one-file edit's change → fresh on the 7k-file repository).
 * The answer is always sourceFingerprint's: any other listing is handed to it.
 */
import type { SourceFile } from '../model/facts.js';
import { sha1 } from '../model/ids.js';
import { compareStrings } from '../model/paths.js';
import { fingerprintLine, sourceFingerprint } from './assemble.js';

export class KeptFingerprint {
  #files: readonly SourceFile[] = [];
  #lines: string[] = [];

  of(files: readonly SourceFile[]): string {
    if (!this.#update(files)) {
      this.#files = [];
      this.#lines = [];
      const lines = files.map(fingerprintLine);
      // Kept only for a listing in sourceFingerprint's order, where the joined lines are its input.
      if (lines.every((line, i) => i === 0 || compareStrings(lines[i - 1]!, line) <= 0)) {
        this.#files = [...files];
        this.#lines = lines;
      }
      return sourceFingerprint(files);
    }
    return sha1(this.#lines.join('\n'));
  }

  /**
   * The kept lines brought up to `files`, when it lists the same paths in the same order (a file
   * whose bytes changed is a new record at its old place; a hash never moves a line, since the
   * NUL after the path sorts before any path character).
   */
  #update(files: readonly SourceFile[]): boolean {
    if (files.length !== this.#files.length || files.length === 0) return false;
    const changed: number[] = [];
    for (let i = 0; i < files.length; i++) {
      if (files[i] === this.#files[i]) continue;
      if (files[i]!.path !== this.#files[i]!.path) return false;
      changed.push(i);
    }
    const kept = this.#files as SourceFile[];
    for (const i of changed) {
      kept[i] = files[i]!;
      this.#lines[i] = fingerprintLine(files[i]!);
    }
    return true;
  }
}
