import { readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { claimsReportSchema } from '../../src/claims/schema.js';

const file = new URL('../../schemas/claims-report.schema.json', import.meta.url);

/** The published schema is generated from the zod definition; this keeps the two from drifting. */
describe('schemas/claims-report.schema.json', () => {
  it('is exactly what the zod definition generates (UPDATE_SCHEMAS=1 to regenerate)', () => {
    const generated = `${JSON.stringify({ $id: 'proofmap.claims/v1', ...z.toJSONSchema(claimsReportSchema) }, null, 2)}\n`;
    if (process.env.UPDATE_SCHEMAS === '1') writeFileSync(file, generated);
    expect(readFileSync(file, 'utf8')).toBe(generated);
  });
});
