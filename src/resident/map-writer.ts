/**
 * A resident's map.json writes, after the index commit and off the event loop: the bytes go to a
 * temp file through libuv's threads (write, rename, as writeAtomic does for derived files), so a
 * change that arrives meanwhile is applied at once instead of waiting for 39 MB to be written (the
 * 7k-file repository). One write at a time; a delta that commits while one runs replaces what is
 * waiting, so quick edits write only the latest map. Readers see the old file or the new one,
 * never a mix, and the scan is recorded (LAST_SCAN) only for the map the index holds.
 */
import { open, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { ensureOutputIgnore, mapPath, tempBeside, writeFailure } from '../map/emit.js';
import type { PendingMap } from '../scan-delta.js';
import { fileStamp } from '../scan-support.js';

export class MapWriter<P extends PendingMap> {
  #waiting: P | undefined;
  #running: Promise<void> | undefined;

  constructor(
    private readonly root: string,
    /** map.json now holds `pending`'s bytes under `mapStamp`. */
    private readonly written: (pending: P, mapStamp: string) => void,
    private readonly failed: (error: unknown) => void,
    /** Nothing is waiting or being written. */
    private readonly drained: () => void,
  ) {}

  get busy(): boolean {
    return this.#running !== undefined;
  }

  write(pending: P): void {
    this.#waiting = pending;
    this.#running ??= this.#drain();
  }

  /** Resolves when every map handed over so far is written (or has failed). */
  async idle(): Promise<void> {
    while (this.#running) await this.#running;
  }

  async #drain(): Promise<void> {
    try {
      for (let pending = this.#waiting; pending; pending = this.#waiting) {
        this.#waiting = undefined;
        const target = mapPath(this.root);
        await writeAtomicAsync(target, pending.chunks);
        ensureOutputIgnore(path.dirname(target));
        this.written(pending, fileStamp(target) ?? '');
      }
    } catch (error) {
      this.#waiting = undefined;
      this.failed(error);
    } finally {
      this.#running = undefined;
      this.drained();
    }
  }
}

async function writeAtomicAsync(target: string, chunks: readonly Uint8Array[]): Promise<void> {
  const temp = tempBeside(target);
  try {
    const file = await open(temp, 'w');
    try {
      for (const chunk of chunks)
        for (let at = 0; at < chunk.length; ) at += (await file.write(chunk, at)).bytesWritten;
      // No fsync: map.json is derived (see writeAtomic's `derived`); the rename keeps it whole.
    } finally {
      await file.close();
    }
    await rename(temp, target);
  } catch (cause) {
    await rm(temp, { force: true });
    throw writeFailure(target, cause);
  }
}
