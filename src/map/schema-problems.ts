/**
 * One ajv error as a sentence a person can act on: where in the JSON (a JSON Pointer), what the
 * schema expects there and what the file holds instead. ajv's own message ("must be string")
 * says neither where nor what was found, which is all a reader of a hand-edited map needs.
 */

export interface SchemaError {
  instancePath: string;
  keyword: string;
  message?: string;
  params?: Record<string, unknown>;
}

export function describeSchemaError(error: SchemaError, data: unknown): string {
  const at = error.instancePath || '/';
  const found = valueAt(data, error.instancePath);
  const params = error.params ?? {};
  switch (error.keyword) {
    case 'required':
      return `${at}: missing required property ${JSON.stringify(params.missingProperty)}`;
    case 'additionalProperties':
      return `${at}: unexpected property ${JSON.stringify(params.additionalProperty)} (not in the schema)`;
    case 'type':
      return `${at}: expected ${String(params.type)}, found ${describe(found)}`;
    case 'enum':
      return `${at}: expected one of ${(params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}; found ${describe(found)}`;
    case 'const':
      return `${at}: expected ${JSON.stringify(params.allowedValue)}, found ${describe(found)}`;
    default:
      return `${at}: ${error.message ?? 'invalid'} (found ${describe(found)})`;
  }
}

/** The value a JSON Pointer (RFC 6901) names, or undefined when the path does not exist. */
export function valueAt(data: unknown, pointer: string): unknown {
  if (pointer === '') return data;
  let here: unknown = data;
  for (const raw of pointer.slice(1).split('/')) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (here === null || typeof here !== 'object') return undefined;
    here = (here as Record<string, unknown>)[key];
  }
  return here;
}

/** A short rendering of a found value: its type and, when small, the value itself. */
function describe(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (value === null) return 'null';
  if (Array.isArray(value)) return `an array of ${value.length}`;
  if (typeof value === 'object') return 'an object';
  const text = JSON.stringify(value);
  return `${typeof value} ${text.length > 60 ? `${text.slice(0, 57)}...` : text}`;
}
