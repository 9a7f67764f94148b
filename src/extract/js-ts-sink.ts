/**
 * Where the js-ts passes (module record, AST, directives) record facts. Positions are computed here
 * only, so every pass agrees on what a line and a column are.
 */
import type { ExportOrigin, ImportFact, ModuleFacts } from '../model/facts.js';
import { compareStrings } from '../model/paths.js';
import type { Coverage, CoverageStatus, ExportedName, RelationKind } from '../model/types.js';

interface Positioned<T> {
  offset: number;
  value: T;
}

export class FactSink {
  private readonly lineStarts: number[] = [0];
  private readonly imports: ImportFact[] = [];
  private readonly exports: Positioned<ExportedName>[] = [];
  private readonly coverage: Positioned<Coverage>[] = [];
  private readonly origins: ExportOrigin[] = [];
  private readonly declared = new Map<string, string>();

  constructor(
    readonly path: string,
    readonly text: string,
  ) {
    // Only `\n` ends a line (so `\r\n` works): the line numbers must match what a reader of the
    // file, and a later grep re-check splitting on `\n`, would count.
    for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) this.lineStarts.push(i + 1);
  }

  /** 1-based line and column of a UTF-16 offset (oxc reports offsets in UTF-16 units, like slice). */
  position(offset: number): { line: number; column: number } {
    let low = 0;
    let high = this.lineStarts.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if (this.lineStarts[mid]! <= offset) low = mid;
      else high = mid - 1;
    }
    return { line: low + 1, column: offset - this.lineStarts[low]! + 1 };
  }

  get factCount(): number {
    return this.imports.length + this.exports.length;
  }

  /**
   * `literalStart` is the offset of the opening quote (or backtick); the recorded column is the
   * character after it, so the text at (line, column) starts with the specifier as written.
   */
  addImport(
    relation: RelationKind,
    specifier: string,
    literalStart: number,
    names: string[],
    typeOnly: boolean,
    referencePath = false,
  ): ImportFact {
    const fact: ImportFact = { specifier, relation, ...this.position(literalStart + 1), names, typeOnly };
    if (referencePath) fact.referencePath = true;
    this.imports.push(fact);
    return fact;
  }

  addOrigin(name: string, specifier: string, imported: string, offset: number): void {
    this.origins.push({ name, specifier, imported, line: this.position(offset).line });
  }

  addDeclared(name: string, keyword: string): void {
    if (!this.declared.has(name)) this.declared.set(name, keyword);
  }

  addExport(name: string, offset: number, typeOnly: boolean): void {
    this.exports.push({ offset, value: { name, line: this.position(offset).line, typeOnly } });
  }

  /** A construct at `offset` whose target cannot be known statically (non-literal import/require). */
  addUnknownTarget(offset: number, reason: string, detail: string): void {
    const scope = `${this.path}:${this.position(offset).line}`;
    this.coverage.push({ offset, value: { analyzer: 'js-ts', scope, status: 'partial', reason, detail } });
  }

  addFileCoverage(status: CoverageStatus, reason: string, detail?: string): void {
    const entry: Coverage = { analyzer: 'js-ts', scope: this.path, status, reason };
    if (detail !== undefined) entry.detail = detail;
    this.coverage.push({ offset: -1, value: entry });
  }

  /** Sorted and deduplicated so that the facts depend on the text only, never on pass order. */
  result(): ModuleFacts {
    const imports = [...this.imports].sort(
      (a, b) =>
        a.line - b.line ||
        a.column - b.column ||
        compareStrings(a.relation, b.relation) ||
        compareStrings(a.specifier, b.specifier),
    );
    const exports = dedupeExports(this.exports);
    // On the entry itself, not in an object keyed by names: every file's own set of names would
    // be a hidden class of its own in V8, and there are as many sets as files.
    for (const e of exports) {
      const keyword = this.declared.get(e.name);
      if (keyword !== undefined) e.declaration = keyword;
    }
    const facts: ModuleFacts = { imports, exports, coverage: sortCoverage(this.coverage) };
    if (this.origins.length > 0)
      facts.origins = [...this.origins].sort((a, b) => a.line - b.line || compareStrings(a.name, b.name));
    return facts;
  }
}

/** One entry per name, at its first place; a name is type-only only if every declaration is. */
function dedupeExports(entries: Positioned<ExportedName>[]): ExportedName[] {
  const byName = new Map<string, ExportedName>();
  for (const { value } of [...entries].sort((a, b) => a.offset - b.offset)) {
    const seen = byName.get(value.name);
    if (seen === undefined) byName.set(value.name, { ...value });
    else seen.typeOnly &&= value.typeOnly;
  }
  return [...byName.values()].sort((a, b) => a.line - b.line || compareStrings(a.name, b.name));
}

function sortCoverage(entries: Positioned<Coverage>[]): Coverage[] {
  return [...entries]
    .sort((a, b) => a.offset - b.offset || compareStrings(a.value.reason, b.value.reason))
    .map((entry) => entry.value);
}
