/**
 * Typed errors. The CLI prints known errors in one line and maps them to exit codes
 * (2 bad input, 3 internal); unknown errors are rethrown as internal.
 */
export class ProofmapError extends Error {
  /** What the user can do about it, one sentence. */
  readonly hint?: string;
  constructor(message: string, options?: { cause?: unknown; hint?: string }) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.name = new.target.name;
    if (options?.hint) this.hint = options.hint;
  }
}

/** Unreadable or invalid input: a missing path, a non-directory, an unwritable output folder. */
export class InputError extends ProofmapError {}

/** Invalid configuration, with the location of each problem in the message. */
export class ConfigError extends ProofmapError {}

/** Another run holds the lock for too long. */
export class BusyError extends ProofmapError {}
