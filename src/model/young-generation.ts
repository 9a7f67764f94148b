import v8 from 'node:v8';

/**
 * The young generation our worker threads may grow to. V8 12+ (Node 22 and later) grows it up to
 * 192 MB per isolate on a machine with memory to spare, where Node 20 stops at 48 MB (16 MB
 * semi-spaces). Measured on the generated 7k-file monorepo (issue 23), uncapped, a cold scan's parse
 * and signals workers held ~80 MiB more at the peak on Node 24 and were slower, not faster (capped:
 * 697–710 vs 775–797 MiB, 6.7–7.0 vs 7.0–7.6 s); at Node 20's size the versions behave alike.
 */
export const WORKER_YOUNG_GENERATION = { maxYoungGenerationSizeMb: 48 } as const;

/**
 * The main thread's young generation, held at 16 MB semi-spaces for the length of a full build.
 * V8 12+ grows it with the heap, to 64 MB semi-spaces on the 7k-file monorepo: new objects then
 * wait longer for their first collection, and that nursery was ~100 MB of a cold scan's 613 MB
 * peak on Node 24. The command-line flag `--max-semi-space-size=16` gave 511 MB and no slower
 * scan, but V8 reads it only when the isolate is made, and a second process per scan would cost
 * its start. V8 does read its growth factor at each growth: so the nursery is grown to the target
 * once, by surviving allocations made here, and the factor is 1 until the build ends. Node 20's
 * V8 stops at that size on its own. A nursery already past it stays where it is, but grows no
 * further. Held from before discovery in a scan with no map to start from (scan.ts), else from
 * the start of the build (scan-build.ts).
 */
let held = false;

/** new_space's size as V8 reports it: both semi-spaces, of 16 MB each. */
const TARGET_NEW_SPACE_BYTES = 32 * 1024 * 1024;
/** Where the nursery of a worker made during the hold starts, and stays. */
const NEW_ISOLATE_SEMI_SPACE_MB = 8;
/** V8's default growth factor, given back when the build ends. */
const DEFAULT_GROWTH_FACTOR = 2;
/** A bound on the objects made to reach the target (3–4 batches in practice, ~13 ms). */
const MAX_BATCHES = 64;
const BATCH = 8192;

const newSpaceBytes = (): number =>
  v8.getHeapSpaceStatistics().find((s) => s.space_name === 'new_space')?.space_size ?? 0;

/** Holds the young generation at its target; the returned function gives V8 its own policy back. */
export function holdYoungGeneration(): () => void {
  if (held || userSizedYoungGeneration()) return () => {};
  held = true;
  growTo(TARGET_NEW_SPACE_BYTES);
  v8.setFlagsFromString('--semi-space-growth-factor=1');
  // The factor is every isolate's: a worker made now (parse, signals) would keep the 1 MB nursery
  // it starts with, and scavenge 350–870 times instead of 20–50 (0.4–1.2 s instead of 0.13–0.46 s
  // per worker on the 7k-file monorepo). A new isolate reads this flag when it is made: at 8 MB
  // it scavenges ~40–110 times (0.2–0.25 s), and the workers hold less than at 16 (484–496 MB peak
  // for the scan against 502–520).
  v8.setFlagsFromString(`--min-semi-space-size=${NEW_ISOLATE_SEMI_SPACE_MB}`);
  return () => {
    v8.setFlagsFromString(`--semi-space-growth-factor=${DEFAULT_GROWTH_FACTOR}`);
    v8.setFlagsFromString('--min-semi-space-size=0');
    held = false;
  };
}

/**
 * V8 grows the nursery by the factor once more bytes have survived it than it holds: batches of
 * small objects, alive until the target is reached, with the factor chosen so that a growth lands
 * on the target instead of doubling past it.
 */
function growTo(target: number): void {
  const kept: object[][] = [];
  let factor = 0;
  for (let n = 0; n < MAX_BATCHES; n++) {
    const now = newSpaceBytes();
    if (now === 0 || now >= target) return;
    const wanted = Math.max(1, Math.floor(target / now));
    if (wanted !== factor) {
      factor = wanted;
      v8.setFlagsFromString(`--semi-space-growth-factor=${factor}`);
    }
    const batch = new Array<object>(BATCH);
    for (let i = 0; i < BATCH; i++) batch[i] = { i };
    kept.push(batch);
  }
}

/** A semi-space flag given to Node wins over this policy. */
function userSizedYoungGeneration(): boolean {
  const given = [...process.execArgv, process.env.NODE_OPTIONS ?? ''].join(' ');
  return /semi[-_]space/.test(given);
}
