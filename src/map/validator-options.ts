/**
 * The ajv options of the map validator, shared by emit.ts (which compiles the schema when running
 * from sources) and scripts/build-validator.mjs (which precompiles it for dist/).
 *
 * `unicode: false` makes minLength count UTF-16 units instead of code points: ajv's code-point
 * count walks every string it checks (~90,000 paths and relations on a 7k-file map), where
 * `.length` is read at once. `unicodeRegExp: false` compiles `pattern`s without the `u` flag.
 * Both give exactly the same verdicts for this schema, whose only length limit is `minLength: 1`
 * (a string is empty in either count alike) and whose patterns are plain ASCII; exactForSchema
 * says whether that still holds, and the build fails when a schema change breaks it.
 */
export const VALIDATOR_OPTIONS = {
  allErrors: false,
  strict: false,
  unicode: false,
  unicodeRegExp: false,
} as const;

/** Patterns that mean the same with and without the `u` flag: ASCII, no `.`, escapes of ASCII only. */
const PLAIN_PATTERN = /^(?:[\x20-\x2d\x2f-\x5b\x5d-\x7e]|\\[dDwWsSbB\\\-^$.*+?()[\]{}|/])*$/;

/** The keywords the options above change, wherever they appear, each with a verdict-safe value. */
export function exactForSchema(schema: unknown): boolean {
  if (Array.isArray(schema)) return schema.every(exactForSchema);
  if (schema === null || typeof schema !== 'object') return true;
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'maxLength') return false;
    if (key === 'minLength' && !(typeof value === 'number' && value <= 1)) return false;
    if (key === 'pattern' && !(typeof value === 'string' && PLAIN_PATTERN.test(value))) return false;
    if (key === 'patternProperties' || key === 'format') return false;
    if (!exactForSchema(value)) return false;
  }
  return true;
}
