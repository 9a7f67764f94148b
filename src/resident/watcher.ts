/**
 * The resident owner of a repository's map (`proofmap watch`, `proofmap serve --watch`): it
 * subscribes to file changes (events.ts: inotify on Linux) and applies each burst as a delta to the map it holds in memory, so
 * the index is fresh milliseconds after an edit. Whatever a delta cannot apply (a new or deleted
 * file, configuration, documents …) goes through a full scan, after which the state is reloaded.
 *
 * One writer at a time: every update takes the scan lock, and a snapshot written by anyone else
 * (a CLI scan) is noticed by its epoch and makes the watcher reload instead of splicing into a map
 * that is no longer on disk.
 */
import { realRoot, restat } from '../discover/index.js';
import { readPythonEnvironment } from '../discover/python-env.js';
import { DeltaRefused } from '../map/delta.js';
import { indexNodes } from '../map/delta-splice.js';
import { KeptFingerprint } from '../map/kept-fingerprint.js';
import { ALWAYS_EXCLUDED_DIRS } from '../model/constants.js';
import type { SourceFile } from '../model/facts.js';
import { isExcludedPath, relativeToRoot } from '../model/paths.js';
import { createResolver, type Resolver } from '../resolve/index.js';
import { scan } from '../scan.js';
import { applyDelta, type PendingMap } from '../scan-delta.js';
import * as docs from '../scan-delta-docs.js';
import { LAST_SCAN, scanKey, stageTimer } from '../scan-support.js';
import { acquireScanLock, type IndexStore, openIndex, type ScanLockRelease } from '../store/index.js';
import { readRepoFile } from '../store/read-file.js';
import {
  type ChangeSubscription,
  chooseEventSource,
  type EventSource,
  setUpSource,
  watchChanges,
} from './events.js';
import { type Fence, openFence } from './fence.js';
import { KeptFacts } from './kept-facts.js';
import { MapWriter } from './map-writer.js';
import { recordedAnswer, stillUnwatched, type UnwatchedStamps, unwatchedStamps } from './scan-answer.js';
import {
  type ResidentQueryAnswer,
  type ResidentQueryReply,
  type ResidentQuestion,
  type ResidentReply,
  type ScanSocket,
  serveScans,
} from './scan-socket.js';
import { loadState, type ResidentState, stateIsCurrent } from './state.js';
import { warmDeltaPath } from './warm.js';

export interface WatchUpdate {
  /** delta: spliced in memory; full: a scan ran; touched: new stamps, same bytes; none: nothing analysed changed. */
  mode: 'delta' | 'full' | 'touched' | 'none';
  paths: string[];
  /** From the first event of the burst to the index commit. */
  ms: number;
  /**
   * When the index committed (a query answers fresh from then), in milliseconds since the Unix
   * epoch: a client that knows when it wrote a file gets write → fresh answer from it, which `ms`
   * leaves out the event source's own delay from.
   */
  freshAt: number;
  epoch: number;
  fullBecause?: string;
  /** Milliseconds per step of a delta (restat, resolve, verify, index, emit). */
  timings?: Record<string, number>;
  /** What led to an update that names no paths, when not the catch-up after starting. */
  reason?: string;
}

export interface WatchOptions {
  onUpdate(update: WatchUpdate): void;
  onError(error: unknown): void;
  /** A one-line note for the user (the event source fell back to @parcel/watcher). */
  onNote?(message: string): void;
  /**
   * Events closer than this are one burst (default 2 ms); every millisecond of it is added to
   * each change → fresh answer. Events that come while an update runs join the next one.
   */
  debounceMs?: number;
  /** inotify or parcel (default: events.ts chooses, PROOFMAP_WATCH_EVENTS forces). */
  events?: EventSource;
  /**
   * Runs a query command a CLI asked through the socket (cli/resident-queries.ts), called once the
   * map is proven current as for a scan; without it, query questions are refused.
   */
  query?(question: ResidentQuestion): Promise<Omit<ResidentQueryAnswer, 'root' | 'ms'>>;
}

export class Resident {
  #state: ResidentState | undefined;
  #pending = new Map<string, number>();
  #timer: NodeJS.Timeout | undefined;
  /** An update is running: events only gather in #pending, and it flushes them when it ends. */
  #busy = false;
  #running: Promise<void> = Promise.resolve();
  #subscription: ChangeSubscription | undefined;
  #resolver: Resolver | undefined;
  readonly #facts = new KeptFacts();
  /** The index's closed-module lists (scan-delta-export-names.ts): content-addressed, never stale. */
  readonly #closed = new Map<string, ReadonlySet<string>>();
  readonly #fingerprint = new KeptFingerprint();
  readonly #writer: MapWriter<PendingWrite>;
  /**
   * The scan lock, held from a delta until map.json has caught up with the index: a CLI scan that
   * takes it then finds the map and the index agreeing.
   */
  #lock: ScanLockRelease | undefined;
  /** A delta is being applied (the lock stays while it runs). */
  #applying = false;
  /** Counts the states loaded from disk: a write finishing for an older one leaves the new alone. */
  #generation = 0;
  /** Updates reported so far: a scan's answer says whether one came while it waited. */
  #updates = 0;
  /** The event source failed once: no answer to a scan vouches for the map after that. */
  #eventsFailed = false;
  /** Proves every event queued before a scan's question delivered (inotify only). */
  #fence: Fence | undefined;
  /** Where `proofmap scan` asks this resident (scan-socket.ts). */
  #socket: ScanSocket | undefined;
  /** The stamps of what no watch sees, taken before the scan the state was loaded from. */
  #unwatched: UnwatchedStamps | undefined;

  private constructor(
    readonly root: string,
    private readonly store: IndexStore,
    private readonly options: WatchOptions,
  ) {
    this.#writer = new MapWriter<PendingWrite>(
      root,
      (pending, mapStamp) => this.#written(pending, mapStamp),
      (error) => {
        this.#forget();
        options.onError(error);
      },
      () => this.#settle(),
    );
  }

  /** Scans (a delta or nothing when the map is current), loads the state and starts watching. */
  static async start(dir: string, options: WatchOptions): Promise<Resident> {
    const root = realRoot(dir);
    // Before the scan: a bad PROOFMAP_WATCH_EVENTS fails at once, and git is asked while the heap
    // is small (events.ts setUpSource).
    const setup = setUpSource(root, options.events ?? chooseEventSource());
    const unwatched = unwatchedStamps(root);
    await scan({ root });
    const resident = new Resident(root, openIndex(root), options);
    resident.#state = loadState(root, resident.store);
    resident.#unwatched = unwatched;
    resident.#prepare();
    // Only a head start: whatever it trips on, the first delta meets again and reports.
    try {
      if (resident.#state)
        warmDeltaPath(resident.#state.files.values(), resident.#state.text, resident.store, resident.#closed);
    } catch {}
    resident.#subscription = await watchChanges(
      root,
      {
        onChange: (paths) => resident.#queue(paths),
        onError: (error) => {
          resident.#eventsFailed = true;
          options.onError(error);
        },
        onNote: (message) => options.onNote?.(message),
      },
      () => resident.#state?.files.keys() ?? [],
      setup,
    );
    // A change landing between the scan's stat of a file and the subscription raised no event
    // and would stay stale until that file changed again: a second look, now that every later
    // change does raise one, catches it up. Events meanwhile wait in #pending, as during updates;
    // the watcher is started once the map it holds is current.
    resident.#run(() => resident.#catchUp());
    await resident.#running;
    await resident.#answerScans();
    return resident;
  }

  /**
   * Serves `proofmap scan` at .proofmap/watch.sock where a fence can prove the events current
   * (inotify); elsewhere, or when another resident serves it, the CLI scans as without one.
   */
  async #answerScans(): Promise<void> {
    if (this.#subscription?.source !== 'inotify') return;
    this.#fence = openFence();
    if (!this.#fence) return;
    const served = await serveScans(
      this.root,
      () => this.answerScan(),
      this.options.query ? (question) => this.answerQuery(question) : undefined,
    );
    if ('refused' in served) this.options.onNote?.(`scans run without this watcher: ${served.refused}`);
    else this.#socket = served;
  }

  /**
   * The map, proven current for a scan asked now: every change made before the question has been
   * delivered (the fence) and applied, map.json is written, and nothing outside the watched
   * folders moved since the map's scan, else the resident rescans first (through the CLI's path).
   */
  async answerScan(): Promise<ResidentReply> {
    const started = performance.now();
    // The fence proves inotify's queue delivered; events that fell back to parcel it cannot.
    const fenced = () => this.#subscription?.source === 'inotify' && !this.#eventsFailed;
    if (!this.#fence || !fenced() || !(await this.#fence.pass()))
      return { unavailable: 'no fence proves the file events delivered' };
    const before = this.#updates;
    await this.idle();
    if (!fenced()) return { unavailable: 'the file events failed or left inotify' };
    const state = this.#state;
    if (!state || !stateIsCurrent(this.root, this.store, state) || !stillUnwatched(this.#unwatched)) {
      const because = 'a scan was asked after a change no watch sees';
      let rescanned = false;
      this.#run(async () => {
        await this.#rescan(this.#reporter([], performance.now(), { reason: because }), because);
        rescanned = true;
      });
      await this.idle();
      // A rescan that failed (reported through onError) leaves nothing proven.
      if (!rescanned) return { unavailable: 'the rescan failed' };
    }
    return recordedAnswer(this.root, this.store, started, this.#updates !== before);
  }

  /**
   * A query command's output over the map, proven current first exactly as for a scan (a change
   * made before the question is in the answer). Whatever the command throws past its own error
   * report (a question about another repository) is not answered here: the CLI runs the command
   * itself.
   */
  async answerQuery(question: ResidentQuestion): Promise<ResidentQueryReply> {
    const started = performance.now();
    const proof = await this.answerScan();
    if ('unavailable' in proof) return proof;
    if (!this.options.query) return { unavailable: 'this resident answers no queries' };
    try {
      const out = await this.options.query(question);
      return { query: { ...out, root: this.root, ms: Math.round((performance.now() - started) * 10) / 10 } };
    } catch (error) {
      return { unavailable: `not answered here: ${(error as Error).message ?? String(error)}` };
    }
  }

  /** Where file events come from now. */
  get events(): EventSource | undefined {
    return this.#subscription?.source;
  }

  get epoch(): number {
    return this.#state?.epoch ?? this.store.epoch();
  }

  /** Resolves once every change seen so far has been applied and map.json written. */
  async idle(): Promise<void> {
    while (this.#timer || this.#busy || this.#writer.busy)
      await (this.#timer
        ? new Promise((r) => setTimeout(r, 1))
        : this.#busy
          ? this.#running
          : this.#writer.idle());
  }

  async stop(): Promise<void> {
    await this.#socket?.close();
    this.#fence?.close();
    clearTimeout(this.#timer);
    this.#timer = undefined;
    await this.#subscription?.close();
    await this.#running;
    clearTimeout(this.#timer);
    await this.#writer.idle();
    this.#releaseLock();
    this.store.close();
  }

  #queue(paths: string[]): void {
    const now = performance.now();
    for (const abs of paths) {
      const rel = relativeToRoot(this.root, abs);
      if (rel && !isExcludedPath(rel, ALWAYS_EXCLUDED_DIRS) && !this.#pending.has(rel))
        this.#pending.set(rel, now);
    }
    // While an update runs, events only gather: inotify delivers each write on its own, so a burst
    // longer than one update would otherwise queue an update per pause of a few milliseconds.
    if (this.#pending.size === 0 || this.#busy) return;
    clearTimeout(this.#timer);
    this.#timer = setTimeout(() => this.#flush(), this.options.debounceMs ?? DEBOUNCE_MS);
  }

  #flush(): void {
    this.#timer = undefined;
    const burst = this.#pending;
    this.#pending = new Map();
    this.#run(() => this.#apply(burst));
  }

  /** One update at a time: events that come while it runs gather, and flush when it ends. */
  #run(update: () => Promise<void>): void {
    this.#busy = true;
    this.#running = update()
      .catch(this.options.onError)
      .finally(() => {
        this.#busy = false;
        if (this.#pending.size > 0)
          this.#timer = setTimeout(() => this.#flush(), this.options.debounceMs ?? DEBOUNCE_MS);
      });
  }

  /**
   * The scan after subscribing: nothing to do when no file moved since the first one (a stat of
   * each), else the map it made is loaded and reported like any other update.
   */
  async #catchUp(): Promise<void> {
    const started = performance.now();
    const unwatched = unwatchedStamps(this.root);
    const result = await scan({ root: this.root });
    if (result.mode === 'unchanged') return;
    this.#forget();
    this.#load(unwatched);
    this.#reporter([], started)(
      result.mode,
      result.mode === 'full'
        ? { fullBecause: result.fullBecause ?? 'files changed while the watcher started' }
        : {},
    );
  }

  /** Reports an update of `paths` that started at `started` (performance.now()). */
  #reporter(paths: string[], started: number, base: Partial<WatchUpdate> = {}) {
    return (mode: WatchUpdate['mode'], extra: Partial<WatchUpdate> = {}, at = performance.now()) => {
      if (mode !== 'none') this.#updates++;
      this.options.onUpdate({
        mode,
        paths,
        ms: round(at - started),
        freshAt: round(performance.timeOrigin + at),
        epoch: this.epoch,
        ...base,
        ...extra,
      });
    };
  }

  /** The state from what a scan just wrote, with the stamps taken before it. */
  #load(unwatched: UnwatchedStamps | undefined): void {
    this.#state = loadState(this.root, this.store);
    this.#unwatched = unwatched;
    this.#prepare();
  }

  async #apply(burst: Map<string, number>): Promise<void> {
    const paths = [...burst.keys()].sort();
    const done = this.#reporter(paths, Math.min(...burst.values()));
    const state = this.#state;
    const lookStart = performance.now();
    const seen = state ? this.#look(state, paths) : 'structural';
    const lookMs = performance.now() - lookStart;
    if (!state || seen === 'structural') return this.#rescan(done, 'files were added, removed or replaced');
    if (seen.changed.length === 0) {
      if (seen.touched.length > 0) this.store.updateFiles(seen.touched);
      for (const f of seen.touched) state.files.set(f.path, f);
      return done(seen.touched.length > 0 ? 'touched' : 'none');
    }
    if (!this.#lock) {
      const release = await acquireScanLock(this.root);
      // Not held since the last update: another process may have written in between.
      if (!stateIsCurrent(this.root, this.store, state)) {
        release();
        return this.#rescan(done, 'another process wrote the map');
      }
      this.#lock = release;
    }
    this.#applying = true;
    try {
      const previous = new Map(state.files);
      for (const f of [...seen.changed, ...seen.touched]) state.files.set(f.path, f);
      const files = [...state.files.values()];
      // A virtual environment is no watched file: it is re-read (metadata only) so that the delta
      // compares it with the map's record, as a scan's discovery does, and refuses when it changed.
      const environment = readPythonEnvironment(this.root, files).coverage;
      const startedMs = Date.now();
      const { timings, stage } = stageTimer();
      let indexedAt = 0;
      let written: PendingMap | undefined;
      applyDelta({
        root: this.root,
        store: this.store,
        loaded: state.loaded,
        found: {
          root: this.root,
          via: 'git',
          files,
          texts: {
            get: (rel) => seen.texts.get(rel) ?? readRepoFile(this.root, rel),
            has: (rel) => seen.texts.has(rel) || state.files.get(rel)?.content === 'text',
          },
          read: [...seen.changed, ...seen.touched].map((f) => f.path),
          coverage: environment,
        },
        previous,
        last: state.last,
        key: () => scanKey(files, state.loaded.config.scan?.maxFileBytes, environment),
        timings,
        stage,
        startedMs,
        docs,
        text: state.text,
        filesByPath: state.files,
        resolver: this.#resolverFor(files),
        statted: [...seen.changed, ...seen.touched],
        spansTable: false,
        keptFacts: this.#facts,
        keptClosed: this.#closed,
        fingerprint: this.#fingerprint,
        onIndexed: () => {
          indexedAt = performance.now();
        },
        writeMap: (pending) => {
          written = pending;
          this.#writer.write({ ...pending, epoch: this.store.epoch(), generation: this.#generation });
        },
      });
      // The state describes the map in memory: its meta now, map.json's stamp once it is written.
      const last = written
        ? { ...state.last, meta: written.meta }
        : this.store.getSignals<ResidentState['last']>(LAST_SCAN);
      this.#state = last ? { ...state, last, epoch: this.store.epoch() } : undefined;
      done('delta', { timings: { ...timings, restat: round(lookMs) } }, indexedAt);
    } catch (error) {
      this.#forget(); // whatever happened, the in-memory map may be half spliced
      if (!(error instanceof DeltaRefused)) throw error;
      // A refused delta may have spliced part of the in-memory map: reload it from disk.
      await this.#rescan(done, error.message);
    } finally {
      this.#applying = false;
      this.#settle();
    }
  }

  /**
   * What every delta needs and the first one would otherwise build on the clock (~25 ms of the
   * first edit's change → fresh on the 7k-file repository): the resolver (it reads the workspace
   * manifests), the map's node index and the fingerprint's lines.
   */
  #prepare(): void {
    const state = this.#state;
    if (!state) return;
    const files = [...state.files.values()];
    this.#resolverFor(files);
    indexNodes(state.text);
    this.#fingerprint.of(files);
  }

  /**
   * One resolver while the file set and configuration stay as they are: a delta only runs when
   * both did (a config file or a new path goes through a full scan, which resets the state).
   */
  #resolverFor(files: readonly SourceFile[]): Resolver {
    this.#resolver ??= createResolver({
      root: this.root,
      files: new Set(files.map((f) => f.path)),
      readText: (rel) => readRepoFile(this.root, rel),
    });
    return this.#resolver;
  }

  /** Restats the changed paths: what changed, what was only touched, or a structural change. */
  #look(state: ResidentState, paths: string[]) {
    const changed: SourceFile[] = [];
    const touched: SourceFile[] = [];
    const texts = new Map<string, string>();
    for (const rel of paths) {
      const known = state.files.get(rel);
      // A path the map does not list: a new file, a folder, or a file git ignores. Discovery
      // decides, and a scan of an unchanged listing stops right after it.
      if (!known) return 'structural' as const;
      const seen = restat(this.root, known, state.loaded.config.scan?.maxFileBytes);
      if (seen.change === 'gone') return 'structural' as const;
      if (seen.change === 'touched') touched.push(seen.file!);
      if (seen.change === 'changed') changed.push(seen.file!);
      if (seen.text !== undefined) texts.set(rel, seen.text);
    }
    return { changed, touched, texts };
  }

  /** map.json now holds a pending write's bytes: the state learns its stamp, the index the scan. */
  #written(pending: PendingWrite, mapStamp: string): void {
    if (this.#state && pending.generation === this.#generation)
      this.#state.last = { ...this.#state.last, mapStamp };
    // Only for the map the index holds: a later delta's write, still to come, records its own.
    if (this.store.epoch() === pending.epoch) this.store.putSignals(LAST_SCAN, pending.record(mapStamp));
  }

  /** The lock goes once map.json has caught up with the index and no delta runs. */
  #settle(): void {
    if (!this.#applying && !this.#writer.busy) this.#releaseLock();
  }

  #releaseLock(): void {
    const release = this.#lock;
    this.#lock = undefined;
    release?.();
  }

  /** Drops the in-memory map: the next change reloads it through a scan. */
  #forget(): void {
    this.#state = undefined;
    this.#generation++;
    this.#resolver = undefined;
  }

  /** A scan through the CLI's path (it takes the lock, and may still end as a delta or unchanged). */
  async #rescan(done: (mode: WatchUpdate['mode'], extra?: Partial<WatchUpdate>) => void, because: string) {
    // The map this process still owes is written first, and the lock left for the scan to take.
    await this.#writer.idle();
    this.#releaseLock();
    const unwatched = unwatchedStamps(this.root);
    const result = await scan({ root: this.root });
    this.#forget();
    this.#load(unwatched);
    if (result.mode === 'unchanged') return done('none');
    done(result.mode, result.mode === 'full' ? { fullBecause: result.fullBecause ?? because } : {});
  }
}

/** A map to write, with the index epoch and the state it belongs to. */
interface PendingWrite extends PendingMap {
  epoch: number;
  generation: number;
}

const DEBOUNCE_MS = 2;

const round = (ms: number) => Math.round(ms * 10) / 10;
