/** Table-driven resolution checks: one row per import, compared as one list so a failure shows every row. */
import { expect } from 'vitest';
import type { Resolution, ResolveOptions, Resolver } from '../../src/resolve/index.js';

/** [from, specifier, expected, options]; expected is `file:<path>`, `external:<name>`, `builtin:<name>` or `unresolved:<reason>`. */
export type Row = [from: string, specifier: string, expected: string, options?: ResolveOptions];

export function show(r: Resolution, detail = false): string {
  switch (r.kind) {
    case 'file': {
      const extra = detail ? [r.via && `via:${r.via}`, r.condition && `condition:${r.condition}`] : [];
      return [`file:${r.path}`, ...extra.filter(Boolean)].join(' ');
    }
    case 'external':
    case 'builtin':
      return `${r.kind}:${r.name}`;
    case 'unresolved':
      return `unresolved:${r.reason}`;
  }
}

const label = ([from, specifier, , options]: Row) =>
  `${from} ${options?.typeOnly ? 'type ' : ''}${options?.referencePath ? 'ref ' : ''}${options?.syntax && options.syntax !== 'static' ? `${options.syntax} ` : ''}${specifier}`;

/** With `detail`, a file shows how it was found too: `file:x.ts via:source-field condition:import`. */
export function expectRows(resolver: Resolver, rows: readonly Row[], detail = false): void {
  const actual = rows.map(
    (row) => `${label(row)} → ${show(resolver.resolve(row[0], row[1], row[3]), detail)}`,
  );
  const expected = rows.map((row) => `${label(row)} → ${row[2]}`);
  expect(actual).toEqual(expected);
}
