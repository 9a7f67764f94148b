/** Table-driven resolution checks: one row per import, compared as one list so a failure shows every row. */
import { expect } from 'vitest';
import type { Resolution, ResolveOptions, Resolver } from '../../src/resolve/index.js';

/** [from, specifier, expected, options]; expected is `file:<path>`, `external:<name>`, `builtin:<name>` or `unresolved:<reason>`. */
export type Row = [from: string, specifier: string, expected: string, options?: ResolveOptions];

export function show(r: Resolution): string {
  switch (r.kind) {
    case 'file':
      return `file:${r.path}`;
    case 'external':
    case 'builtin':
      return `${r.kind}:${r.name}`;
    case 'unresolved':
      return `unresolved:${r.reason}`;
  }
}

const label = ([from, specifier, , options]: Row) =>
  `${from} ${options?.typeOnly ? 'type ' : ''}${options?.referencePath ? 'ref ' : ''}${specifier}`;

export function expectRows(resolver: Resolver, rows: readonly Row[]): void {
  const actual = rows.map((row) => `${label(row)} → ${show(resolver.resolve(row[0], row[1], row[3]))}`);
  const expected = rows.map((row) => `${label(row)} → ${row[2]}`);
  expect(actual).toEqual(expected);
}
