// Precompiles the map JSON Schema into a standalone ajv validator in dist/, so a CLI run does not
// pay ajv's schema compilation (~150 ms here) on every scan. emit.ts falls back to compiling when
// the file is absent (tests run from src/).
import { readFileSync, writeFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import standaloneCode from 'ajv/dist/standalone/index.js';

const schema = JSON.parse(readFileSync(new URL('../schemas/map.schema.json', import.meta.url), 'utf8'));
const ajv = new Ajv2020({ allErrors: false, strict: false, code: { source: true } });
const validate = ajv.compile(schema);
writeFileSync(
  new URL('../dist/map/map-validator.cjs', import.meta.url),
  standaloneCode.default(ajv, validate),
);
