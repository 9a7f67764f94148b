/**
 * The code-dep re-check: an edge survives only if its `verified_by` literal is found in the text
 * of its `from` file. The same function backs scan-time verification and the guardian's re-run,
 * so the two can never disagree about what "found" means.
 */

/** Parses `grep:<fixed string>`; undefined for any other form. */
export function grepLiteral(verifiedBy: string | undefined): string | undefined {
  if (!verifiedBy?.startsWith('grep:')) return undefined;
  const literal = verifiedBy.slice(5);
  return literal.length > 0 ? literal : undefined;
}

/** Fixed-string search: no regex, no shell; a NUL byte in the literal never matches. */
export function literalFound(text: string | undefined, verifiedBy: string | undefined): boolean {
  const literal = grepLiteral(verifiedBy);
  if (literal === undefined || text === undefined || literal.includes('\0')) return false;
  return text.includes(literal);
}

/**
 * The end whose text holds an edge's literal. A `contains` edge (a Go package → one of its files)
 * is declared by the member, in its `package x` clause; every other code-dep by its source.
 */
export const evidencedBy = (relation: string): 'from' | 'to' => (relation === 'contains' ? 'to' : 'from');

/**
 * literalFound, remembered per file: every `uses` edge repeats its import's literal, and the
 * guardian re-runs the checks verify just ran on the same texts. An answer is reused only for the
 * very text it was computed on (the same string), so it can never outlive an edit.
 */
export class LiteralChecks {
  readonly #byPath = new Map<string, { text: string | undefined; found: Map<string, boolean> }>();

  found(path: string, text: string | undefined, verifiedBy: string | undefined): boolean {
    if (verifiedBy === undefined) return false;
    let entry = this.#byPath.get(path);
    if (entry === undefined || entry.text !== text) {
      entry = { text, found: new Map() };
      this.#byPath.set(path, entry);
    }
    let found = entry.found.get(verifiedBy);
    if (found === undefined) {
      found = literalFound(text, verifiedBy);
      entry.found.set(verifiedBy, found);
    }
    return found;
  }
}
