/**
 * The JavaScript/TypeScript extractor: (path, text) → imports, exports and coverage, with oxc.
 * Facts come from oxc's module record, triple-slash directives and, only when the text hints at
 * something the record lacks, from one AST visit.
 */
import {
  type OxcError,
  type ParseResult,
  type ParserOptions,
  parse,
  parseSync,
  rawTransferSupported,
} from 'oxc-parser';
import type { ModuleFacts } from '../model/facts.js';
import { extractIsolated, extractIsolatedAsync } from '../parse-isolation/parse-isolated.js';
import { needsAst, recordAst } from './js-ts-ast.js';
import { isolationNeed } from './js-ts-depth.js';
import { recordDirectives } from './js-ts-directives.js';
import { dynamicImportsFromText } from './js-ts-dynamic.js';
import { parseJson, parseJsonSync } from './js-ts-json.js';
import { parseRecord, parseRecordSync, type RecordParse } from './js-ts-lazy.js';
import { recordModuleRecord } from './js-ts-module.js';
import { FactSink } from './js-ts-sink.js';

const CODE_PATH = /\.(?:[cm]?[jt]s|[jt]sx)$/;
/** `.d.ts`, `.d.mts`, `.d.cts`, and TypeScript's `.d.<ext>.ts` for arbitrary extensions. */
const DECLARATION_PATH = /\.d\.(?:[cm]?ts|[^./]+\.ts)$/;

/**
 * Parses in flight at once in extractModules. oxc parses on libuv's pool (4 threads by default);
 * a few more than that keeps the pool busy while this thread turns results into facts, and the
 * bound keeps memory flat on large repositories.
 */
const PARSE_LANES = 8;

export function isCodePath(path: string): boolean {
  return CODE_PATH.test(path);
}

/**
 * One file's facts, its AST crossing from oxc as JSON even where raw transfer is supported: raw
 * transfer's set-up (its deserializer loaded and compiled, its buffer allocated) pays back over
 * many files, not one. A one-file rescan on Node 24 parsed its file in ~45 ms with it and ~10 ms
 * without. The map is the same either way (test/extract/raw-transfer.test.ts).
 */
export function extractModule(path: string, text: string): ModuleFacts {
  const need = isolationNeed(text);
  if (need) return need.refuse ? refused(path, text, need.reason) : extractIsolated([{ path, text }])[0]!;
  return extractModuleInProcess(path, text, { raw: false });
}

/**
 * extractModule without the depth guard: only for text isolationNeed passed, or in the child.
 * `raw: false` keeps JSON transfer where raw transfer is supported.
 */
export function extractModuleInProcess(path: string, text: string, { raw = true } = {}): ModuleFacts {
  const attempts = parseAttempts(path, raw);
  return factsFromParse(path, text, attempts, parseFirst(path, text, attempts[0]!));
}

/**
 * Same facts as extractModule for each file, in input order. By default parses run on oxc's
 * thread pool (libuv's); `inline` parses each on this thread instead, for the parse pool's
 * workers, which already fill every core: there the pool's threads only add switching, and
 * JS-side work for a file would wait for another file's native parse (measured on 2 cores, a cold
 * 7k-file scan: ~2× the CPU of inline parsing).
 */
export async function extractModules(
  files: { path: string; text: string }[],
  { inline = false }: { inline?: boolean } = {},
): Promise<ModuleFacts[]> {
  const results = new Array<ModuleFacts>(files.length);
  const deep: number[] = [];
  const shallow: number[] = [];
  files.forEach(({ path, text }, index) => {
    const need = isolationNeed(text);
    if (!need) shallow.push(index);
    else if (need.refuse) results[index] = refused(path, text, need.reason);
    else deep.push(index);
  });
  if (inline)
    for (const index of shallow) {
      const { path, text } = files[index]!;
      const attempts = parseAttempts(path);
      results[index] = factsFromParse(path, text, attempts, parseFirst(path, text, attempts[0]!));
    }
  let next = inline ? shallow.length : 0;
  const lane = async (): Promise<void> => {
    while (next < shallow.length) {
      const index = shallow[next++]!;
      const { path, text } = files[index]!;
      const attempts = parseAttempts(path);
      const first = await (lazyRecord(attempts[0]!) ? parseRecord : parseAsync)(
        path,
        text,
        attempts[0]!,
      ).catch(asError);
      results[index] = factsFromParse(path, text, attempts, first);
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARSE_LANES, shallow.length - next) }, lane));
  if (deep.length > 0) {
    // Awaited, not blocking: the MCP server and the watcher answer other calls meanwhile.
    const facts = await extractIsolatedAsync(deep.map((index) => files[index]!));
    deep.forEach((index, k) => {
      results[index] = facts[k]!;
    });
  }
  return results;
}

/**
 * Options to try in order. A `.js` file may hold JSX (common in React projects) or a top-level
 * `return` (CommonJS); retrying only when the first parse fails keeps the cost on broken files.
 */
function parseAttempts(path: string, raw = true): ParserOptions[] {
  const base = { preserveParens: false, ...(raw ? rawTransfer() : {}) } as const;
  if (DECLARATION_PATH.test(path)) return [{ ...base, lang: 'dts', sourceType: 'module' }];
  if (/\.tsx$/.test(path)) return [{ ...base, lang: 'tsx', sourceType: 'module' }];
  if (/\.cts$/.test(path)) return [{ ...base, lang: 'ts', sourceType: 'commonjs' }];
  if (/\.m?ts$/.test(path)) return [{ ...base, lang: 'ts', sourceType: 'module' }];
  if (/\.cjs$/.test(path)) return [{ ...base, lang: 'js', sourceType: 'commonjs' }];
  if (/\.mjs$/.test(path)) return [{ ...base, lang: 'js', sourceType: 'module' }];
  const retries: ParserOptions[] = [
    { ...base, lang: 'jsx', sourceType: 'unambiguous' },
    { ...base, lang: 'jsx', sourceType: 'commonjs' },
  ];
  return /\.jsx$/.test(path) ? retries : [{ ...base, lang: 'js', sourceType: 'unambiguous' }, ...retries];
}

/**
 * oxc's raw transfer (Node ≥ 22 on 64-bit): the AST is read from the parser's own buffer instead
 * of being serialised to JSON and parsed again; measured 2–3× faster per file on Node 24, same
 * AST (test/extract/raw-transfer.test.ts). Elsewhere, and with PROOFMAP_RAW_TRANSFER=0, JSON.
 */
let raw: { experimentalRawTransfer?: true } | undefined;
export function rawTransfer(): { experimentalRawTransfer?: true } {
  raw ??=
    process.env.PROOFMAP_RAW_TRANSFER !== '0' && rawTransferSupported()
      ? { experimentalRawTransfer: true }
      : {};
  return raw;
}

/** Whether these options (from parseAttempts) parse with raw transfer. */
const isRaw = (options: ParserOptions): boolean =>
  (options as { experimentalRawTransfer?: boolean }).experimentalRawTransfer === true;

/**
 * With raw transfer the first parse of a file is lazy (js-ts-lazy.ts): its module record is read
 * without the tree. PROOFMAP_LAZY_RECORD=0 parses eagerly, the reference the lazy copy is tested against.
 */
const lazyRecord = (options: ParserOptions) => isRaw(options) && process.env.PROOFMAP_LAZY_RECORD !== '0';

/** The first attempt: lazy where raw transfer is, else as every retry. */
function parseFirst(path: string, text: string, options: ParserOptions): ParseResult | RecordParse | Error {
  if (!lazyRecord(options)) return parseGuarded(path, text, options);
  try {
    return parseRecordSync(path, text, options);
  } catch (error) {
    return asError(error);
  }
}

/** PROOFMAP_EXACT_AST=1 reads the AST for every file that hints at it (the reference the text pass is tested against). */
const exactAst = () => process.env.PROOFMAP_EXACT_AST === '1';

/** oxc's parse, as a JsonParse where the AST crosses as JSON (js-ts-json.ts). */
const parseOne = (path: string, text: string, options: ParserOptions): ParseResult =>
  isRaw(options) ? parseSync(path, text, options) : parseJsonSync(path, text, options);
const parseAsync = (path: string, text: string, options: ParserOptions): Promise<ParseResult> =>
  isRaw(options) ? parse(path, text, options) : parseJson(path, text, options);

/** A parser exception must not end the scan: it becomes a failed coverage entry instead. */
function parseGuarded(path: string, text: string, options: ParserOptions): ParseResult | Error {
  try {
    return parseOne(path, text, options);
  } catch (error) {
    return asError(error);
  }
}

/** Past REFUSE_DEPTH even the isolated parser's stack would not do: no parse at all. */
function refused(path: string, text: string, why: string): ModuleFacts {
  const sink = new FactSink(path, text);
  sink.addFileCoverage('too-complex', `The file was not parsed: ${why}, past what any parser here survives.`);
  return sink.result();
}

function asError(error: unknown): Error {
  return error instanceof Error ? error : new Error(String(error));
}

function factsFromParse(
  path: string,
  text: string,
  attempts: ParserOptions[],
  first: ParseResult | RecordParse | Error,
): ModuleFacts {
  const sink = new FactSink(path, text);
  if (first instanceof Error) {
    sink.addFileCoverage('failed', `parser threw: ${first.message}`);
    return sink.result();
  }
  let result: ParseResult | RecordParse = first;
  for (const options of attempts.slice(1)) {
    if (result.errors.length === 0) break;
    const retry = parseGuarded(path, text, options);
    if (!(retry instanceof Error) && retry.errors.length === 0) result = retry;
  }
  // With errors oxc keeps the module record up to the first error but returns an empty program.
  // A file read for its dynamic imports alone mostly takes them from the text (js-ts-dynamic.ts).
  const clean = result.errors.length === 0;
  const ast =
    !clean || needsAst(text, result.module.dynamicImports.length)
      ? ((clean && !exactAst()
          ? dynamicImportsFromText(text, result.module.dynamicImports, sink)
          : undefined) ?? recordAst(result.program, sink))
      : undefined;
  recordModuleRecord(result.module, sink, ast?.bindings, ast?.skips, ast?.importEquals);
  recordDirectives(result.comments, sink);
  if (result.errors.length > 0) recordParseErrors(sink, result.errors, result.program.body.length > 0);
  return sink.result();
}

function recordParseErrors(sink: FactSink, errors: OxcError[], hasBody: boolean): void {
  const [first] = errors;
  const more = errors.length > 1 ? ` (+${errors.length - 1} more)` : '';
  const start = first?.labels[0]?.start;
  const at = start === undefined ? undefined : sink.position(start);
  const recovered = hasBody || sink.factCount > 0;
  sink.addFileCoverage(
    recovered ? 'partial' : 'failed',
    `parse error: ${first?.message ?? 'unknown'}${more}`,
    at === undefined ? undefined : `${at.line}:${at.column}`,
  );
}

/** The same bytes parse differently as .js, .jsx, .cts or .d.ts: the extension is part of the key. */
export const moduleCacheKey = (path: string) => `js-ts:${/(\.d)?\.[^./]+$/.exec(path)?.[0] ?? ''}`;
