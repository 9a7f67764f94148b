/**
 * A fence in the inotify event stream: proof that every file event the kernel queued before a
 * moment has been delivered to this process's fs.watch callbacks.
 *
 * libuv reads every fs.watch of a loop from one inotify descriptor, and the kernel queues that
 * descriptor's events in the order the changes happened; Node calls the callbacks in that order,
 * synchronously. A write that returned before `pass()` was called queued its event before the
 * fence's own (a `utimes` of a private file, watched on the same descriptor), so once the fence's
 * event comes back, every earlier event's callback has run.
 *
 * Rounds are serial: a round's `utimes` is issued only after the previous round's event came
 * back, so the kernel cannot merge two fence events into one (it merges an event with an
 * identical one still unread at the tail of the queue) and leave a caller waiting for an event
 * that never comes. A round that does not come back within the timeout answers false, and no
 * fence passes until its event has arrived (it would otherwise be taken for a later round's).
 */
import { type FSWatcher, mkdtempSync, rmSync, utimesSync, watch, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export interface Fence {
  /** True once every event queued before the call has been delivered; false when it cannot say. */
  pass(): Promise<boolean>;
  close(): void;
}

const TIMEOUT_MS = 250;

/** A fence on the event loop's inotify descriptor; undefined where it cannot be made. */
export function openFence(timeoutMs = TIMEOUT_MS): Fence | undefined {
  if (process.platform !== 'linux') return undefined;
  let folder: string | undefined;
  try {
    folder = mkdtempSync(path.join(tmpdir(), 'proofmap-fence-'));
    return new InotifyFence(folder, timeoutMs);
  } catch {
    if (folder) rmSync(folder, { recursive: true, force: true });
    return undefined;
  }
}

class InotifyFence implements Fence {
  readonly #folder: string;
  readonly #file: string;
  readonly #watcher: FSWatcher;
  readonly #timeoutMs: number;
  /** Callers of the round in flight; its `utimes` was issued after each of them called. */
  #round: ((passed: boolean) => void)[] | undefined;
  /** Callers waiting for the next round. */
  #next: ((passed: boolean) => void)[] = [];
  #timer: NodeJS.Timeout | undefined;
  /** A round timed out and its event has not come back: nothing can pass until it does. */
  #late = false;
  #broken = false;
  #tick = 0;

  constructor(folder: string, timeoutMs: number) {
    this.#folder = folder;
    this.#file = path.join(folder, 'fence');
    this.#timeoutMs = timeoutMs;
    writeFileSync(this.#file, '');
    // Only the fence changes the file's time ('change'); anything else (the file deleted or
    // moved by a temp cleaner) is not a fence's event, and leaves no fence to pass.
    this.#watcher = watch(this.#file, (type) => (type === 'change' ? this.#arrived() : this.#fail()));
    this.#watcher.on('error', () => this.#fail());
  }

  pass(): Promise<boolean> {
    if (this.#broken || this.#late) return Promise.resolve(false);
    return new Promise((resolve) => {
      this.#next.push(resolve);
      if (!this.#round) this.#start();
    });
  }

  close(): void {
    this.#fail();
    this.#watcher.close();
    rmSync(this.#folder, { recursive: true, force: true });
  }

  #start(): void {
    this.#round = this.#next;
    this.#next = [];
    try {
      // A new time each round: the event is IN_ATTRIB either way, the value only helps a reader.
      const t = ++this.#tick;
      utimesSync(this.#file, t, t);
    } catch {
      this.#fail();
      return;
    }
    this.#timer = setTimeout(() => {
      this.#late = true;
      this.#settle(false);
      for (const resolve of this.#next.splice(0)) resolve(false);
    }, this.#timeoutMs);
  }

  #arrived(): void {
    if (this.#late) {
      // The timed-out round's event: from here on the stream is in step again.
      this.#late = false;
      return;
    }
    if (!this.#round) return;
    clearTimeout(this.#timer);
    this.#settle(true);
    if (this.#next.length > 0) this.#start();
  }

  #settle(passed: boolean): void {
    const round = this.#round ?? [];
    this.#round = undefined;
    for (const resolve of round) resolve(passed);
  }

  #fail(): void {
    this.#broken = true;
    clearTimeout(this.#timer);
    this.#settle(false);
    for (const resolve of this.#next.splice(0)) resolve(false);
  }
}
