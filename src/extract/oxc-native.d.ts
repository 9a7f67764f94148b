/**
 * Types for the two oxc-parser modules js-ts-json.ts reads, which the package ships without
 * declarations: its native binding, and the JSON-to-AST step of its own wrapper.
 */
declare module 'oxc-parser/src-js/bindings' {
  import type { Comment, EcmaScriptModule, OxcError, ParserOptions } from 'oxc-parser';

  /** The native result on the JSON path: each getter moves its field out of native memory. */
  export interface NativeParseResult {
    /** The AST as oxc's JSON text, for jsonParseAst. */
    readonly program: string;
    readonly module: EcmaScriptModule;
    readonly comments: Comment[];
    readonly errors: OxcError[];
  }
  export function parseSync(
    filename: string,
    sourceText: string,
    options?: ParserOptions | null,
  ): NativeParseResult;
  export function parse(
    filename: string,
    sourceText: string,
    options?: ParserOptions | null,
  ): Promise<NativeParseResult>;
}

declare module 'oxc-parser/src-js/wrap' {
  import type { Program } from 'oxc-parser';

  /** JSON.parse of the program, with BigInt and RegExp literal values restored. */
  export function jsonParseAst(programJson: string): Program;
}
