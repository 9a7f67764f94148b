// Precompiles the map JSON Schema into a standalone ajv validator in dist/, so a CLI run does not
// pay ajv's schema compilation (~150 ms here) on every scan. emit.ts falls back to compiling when
// the file is absent (tests run from src/). Runs after tsc: the options come from dist/.
import { readFileSync, writeFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import standaloneCode from 'ajv/dist/standalone/index.js';
import { exactForSchema, VALIDATOR_OPTIONS } from '../dist/map/validator-options.js';

const schema = JSON.parse(readFileSync(new URL('../schemas/map.schema.json', import.meta.url), 'utf8'));
if (!exactForSchema(schema)) {
  throw new Error(
    'build-validator: the map schema needs unicode-aware length or pattern checks (src/map/validator-options.ts)',
  );
}
// ajv calls `unicode` deprecated; it is the choice VALIDATOR_OPTIONS explains, not news.
const say = (...args) => {
  const line = args.map(String).join(' ');
  if (!line.startsWith('DEPRECATED: option unicode')) process.stderr.write(`${line}\n`);
};
const logger = { log: say, warn: say, error: say };
const ajv = new Ajv2020({ ...VALIDATOR_OPTIONS, logger, code: { source: true } });
const validate = ajv.compile(schema);
writeFileSync(
  new URL('../dist/map/map-validator.cjs', import.meta.url),
  standaloneCode.default(ajv, validate),
);
