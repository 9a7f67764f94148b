/**
 * A validator for the official SARIF 2.1.0 JSON Schema (OASIS, rtm.5), as shipped in
 * @microsoft/jest-sarif. The schema is draft-04, which ajv 8 no longer reads, so it is compiled
 * with the ajv 6 that package depends on, set up exactly as the package itself does.
 */
import { createRequire } from 'node:module';

const requireFromSarif = createRequire(
  createRequire(import.meta.url).resolve('@microsoft/jest-sarif/package.json'),
);

interface Validator {
  (data: unknown): boolean;
  errors?: unknown;
}

export function officialSarifValidator(): Validator {
  const Ajv = requireFromSarif('ajv');
  const ajv = new Ajv({ schemaId: 'auto', allErrors: true, verbose: true });
  ajv.addMetaSchema(requireFromSarif('ajv/lib/refs/json-schema-draft-04.json'));
  return ajv.compile(requireFromSarif('./lib/schemas/sarif-2.1.0-rtm.5.json'));
}
