/**
 * oxc's parse on the JSON path (no raw transfer: Node < 22), as oxc-parser's own `parseSync` and
 * `parse` return it — every field moved out of native memory at once, the AST's JSON parsed only
 * when read — but held by a class instead of oxc's object literal whose `program` getter closes
 * over the JSON text. With that closure the JSON of nearly every file (~20× the source) survived
 * into V8's old generation: measured on a 7k-file repository's parse lane, ~190 MB promoted and
 * ~1.2 s more collector pause with the closure; with a class field, the JSON dies young like the
 * rest of the file's garbage.
 */
import type { Comment, EcmaScriptModule, OxcError, ParseResult, ParserOptions, Program } from 'oxc-parser';
import {
  type NativeParseResult,
  parse as parseNative,
  parseSync as parseNativeSync,
} from 'oxc-parser/src-js/bindings';
import { jsonParseAst } from 'oxc-parser/src-js/wrap';

export function parseJsonSync(path: string, text: string, options: ParserOptions): ParseResult {
  return new JsonParse(parseNativeSync(path, text, options));
}

export async function parseJson(path: string, text: string, options: ParserOptions): Promise<ParseResult> {
  return new JsonParse(await parseNative(path, text, options));
}

class JsonParse {
  readonly module: EcmaScriptModule;
  readonly comments: Comment[];
  readonly errors: OxcError[];
  #json: string | null;
  #program: Program | undefined;

  constructor(native: NativeParseResult) {
    // Every field is taken now: a field left in the native result would stay in native memory,
    // unseen by V8, until the result's finalizer runs after some later collection.
    this.module = native.module;
    this.comments = native.comments;
    this.errors = native.errors;
    this.#json = native.program;
  }

  get program(): Program {
    if (this.#program === undefined) {
      this.#program = jsonParseAst(this.#json!);
      this.#json = null; // not kept as long as the tree
    }
    return this.#program;
  }
}
