/**
 * The young generation our worker threads may grow to. V8 12+ (Node 22 and later) grows it up to
 * 192 MB per isolate on a machine with memory to spare, where Node 20 stops at 48 MB (16 MB
 * semi-spaces). Measured on the generated 7k-file monorepo (issue 23), uncapped, a cold scan's parse
 * and signals workers held ~80 MiB more at the peak on Node 24 and were slower, not faster (capped:
 * 697–710 vs 775–797 MiB, 6.7–7.0 vs 7.0–7.6 s); at Node 20's size the versions behave alike.
 */
export const WORKER_YOUNG_GENERATION = { maxYoungGenerationSizeMb: 48 } as const;
