import { cpSync, mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import type { ProofMap } from '../../src/map/schema.js';
import { describeSchemaError, type SchemaError } from '../../src/map/schema-problems.js';
import { exactForSchema, VALIDATOR_OPTIONS } from '../../src/map/validator-options.js';
import { scan } from '../../src/scan.js';

const schema = JSON.parse(readFileSync(new URL('../../schemas/map.schema.json', import.meta.url), 'utf8'));
const root = mkdtempSync(path.join(os.tmpdir(), 'proofmap-validator-'));
cpSync(new URL('../fixtures/import-forms', import.meta.url), root, { recursive: true });
const { map } = await scan({ root, write: false });

/** A validator's answer as the guardian words it: the problems, or none. */
function verdictOf(options: object) {
  const validate = new Ajv2020(options).compile(schema);
  return (data: unknown) =>
    validate(data) ? [] : ((validate.errors ?? []) as SchemaError[]).map((e) => describeSchemaError(e, data));
}

describe('validator options', () => {
  it('hold for the published schema', () => {
    expect(exactForSchema(schema)).toBe(true);
  });

  it('refuse schemas where UTF-16 lengths or non-unicode patterns would judge differently', () => {
    expect(exactForSchema({ properties: { a: { type: 'string', maxLength: 3 } } })).toBe(false);
    expect(exactForSchema({ items: [{ minLength: 2 }] })).toBe(false);
    expect(exactForSchema({ pattern: '^.$' })).toBe(false);
    expect(exactForSchema({ pattern: '^\\p{L}+$' })).toBe(false);
    expect(exactForSchema({ pattern: '^[0-9a-f]{12}$', minLength: 1 })).toBe(true);
  });

  it('judge every map exactly as the unicode-aware defaults do', () => {
    const reference = verdictOf({ allErrors: false, strict: false, logger: false });
    const fast = verdictOf({ ...VALIDATOR_OPTIONS, logger: false });
    const strings = [
      '',
      '😀',
      '\ud83d',
      'a',
      '0123456789ab',
      '0123456789AB',
      '0123456789a😀',
      '0123456789abc',
    ];
    const cases: unknown[] = [map];
    const edge = map.edges[0]!;
    const node = map.nodes[0]!;
    expect(edge.evidence.length).toBeGreaterThan(0);
    for (const s of strings) {
      const set = (mutate: (m: ProofMap) => void) => {
        const m = structuredClone(map);
        mutate(m);
        cases.push(m);
      };
      set((m) => {
        m.edges[0]!.id = s;
      });
      set((m) => {
        m.edges[0]!.relation = s;
      });
      set((m) => {
        m.edges[0]!.evidence[0]!.path = s;
      });
      set((m) => {
        m.nodes[0]!.id = s;
      });
      set((m) => {
        m.nodes[0]!.key = s;
      });
      set((m) => void m.coverage.push({ analyzer: s, scope: 'x', status: 'analyzed', reason: s }));
    }
    expect(cases.length).toBe(1 + strings.length * 6);
    let failing = 0;
    for (const c of cases) {
      const expected = reference(c);
      if (expected.length > 0) failing++;
      expect(fast(c)).toEqual(expected);
    }
    // The cases reach both verdicts: empty strings and bad ids fail, astral and lone surrogates pass.
    expect(failing).toBeGreaterThan(10);
    expect(failing).toBeLessThan(cases.length - 10);
    expect(node.id).toMatch(/^[0-9a-f]{12}$/);
  });
});
