import { createRequire } from 'node:module';
import path from 'node:path';
import type { z } from 'zod';
import type { ProofmapConfig, configSchema as Schema } from '../model/config.js';
import { CONFIG_FILES } from '../model/constants.js';
import { ConfigError } from '../model/errors.js';
import { CONFIG_MAX_BYTES, readRegularFile } from './safe-read.js';

export type ConfigSchema = typeof Schema;

export interface LoadedConfig {
  config: ProofmapConfig;
  /** Repo-relative path of the file, when there is one. */
  file?: string;
  /** Line of a key path (`flows.0.steps`) in the file, for evidence. */
  lineOf(keyPath: (string | number)[]): number;
}

export const NO_CONFIG: LoadedConfig = { config: {}, lineOf: () => 1 };

/** The first configuration file of the root that can be read, with its text. */
export function findConfigFile(root: string): { file: string; text: string } | undefined {
  for (const name of CONFIG_FILES) {
    // A FIFO or a device under a config file's name must not hang or flood the scan.
    const read = readRegularFile(path.join(root, name), CONFIG_MAX_BYTES);
    if (read.ok) return { file: name, text: read.bytes.toString('utf8') };
  }
  return undefined;
}

export function parseConfigWith(schema: ConfigSchema, file: string, text: string): LoadedConfig {
  // Loaded only when a configuration file exists: a scan without one never pays for the parser.
  const { LineCounter, parseDocument } = createRequire(import.meta.url)('yaml') as typeof import('yaml');
  const counter = new LineCounter();
  const doc = parseDocument(text, { lineCounter: counter, prettyErrors: false });
  if (doc.errors.length > 0) {
    const e = doc.errors[0]!;
    const line = counter.linePos(e.pos[0]).line;
    throw new ConfigError(`${file}:${line}: ${e.message.split('\n')[0]}`, {
      hint: 'fix the syntax of the configuration file',
    });
  }
  const lineOf = (keyPath: (string | number)[]): number => {
    for (let n = keyPath.length; n > 0; n--) {
      const node = doc.getIn(keyPath.slice(0, n), true) as { range?: [number, number, number] } | undefined;
      if (node?.range) return counter.linePos(node.range[0]).line;
    }
    return 1;
  };
  let value: unknown;
  try {
    // yaml refuses aliases that would expand past a bound (a "billion laughs" file) by throwing.
    value = doc.toJS({ maxAliasCount: 100 });
  } catch (cause) {
    throw new ConfigError(`${file}: ${(cause as Error).message.split('\n')[0]}`, {
      cause,
      hint: 'write the configuration without chains of YAML aliases',
    });
  }
  const parsed = schema.safeParse(value ?? {});
  if (!parsed.success) {
    const issues = flattenUnions(parsed.error.issues).map((issue) => {
      const keys = issue.code === 'unrecognized_keys' ? [...issue.path, issue.keys[0]!] : issue.path;
      const where =
        keys
          .map((k) => (typeof k === 'number' ? `[${k}]` : `.${String(k)}`))
          .join('')
          .replace(/^\./, '') || '(root)';
      const what =
        issue.code === 'unrecognized_keys'
          ? `unknown key${issue.keys.length > 1 ? 's' : ''} ${issue.keys.map((k) => `"${k}"`).join(', ')}`
          : issue.message;
      return `${file}:${lineOf(keys as (string | number)[])}: ${where}: ${what}`;
    });
    throw new ConfigError(issues.join('; '), { hint: 'see the configuration reference in the README' });
  }
  return { config: parsed.data, file, lineOf };
}

type Issue = z.core.$ZodIssue;

/**
 * A union (`areas: "packages"` or a list) fails as one "Invalid input" at its own key; the branch
 * whose issues reach deepest is the one the user meant, so its issues, with their locations, are
 * reported instead.
 */
function flattenUnions(issues: readonly Issue[]): Issue[] {
  return issues.flatMap((issue) => {
    if (issue.code !== 'invalid_union' || !issue.errors?.length) return [issue];
    const depth = (branch: readonly Issue[]) => Math.max(0, ...branch.map((i) => i.path.length));
    const best = [...issue.errors].sort((a, b) => depth(b) - depth(a))[0]!;
    if (depth(best) === 0) return [issue];
    return flattenUnions(best.map((i) => ({ ...i, path: [...issue.path, ...i.path] }) as Issue));
  });
}
