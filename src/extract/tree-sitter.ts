/**
 * tree-sitter grammars for the languages oxc does not parse, through web-tree-sitter and the
 * official grammar packages' `.wasm` builds (no native addon: nothing to compile on Node 20/22/24).
 * A grammar is loaded on first use only, so a JS/TS-only repository never pays for it; its ABI is
 * checked at load against the runtime's, so a mismatched grammar fails with a reason, not a crash.
 */
import { createRequire } from 'node:module';
import type { Node, Parser, Query } from 'web-tree-sitter';
import type { Coverage } from '../model/types.js';

export type Grammar = 'python' | 'go' | 'rust';

const requireGrammar = createRequire(import.meta.url);
// Imported on first use: a JS/TS-only scan never loads the runtime's module, let alone a grammar.
const runtimeModule = () => import('web-tree-sitter');
let runtime: Promise<void> | undefined;
const parsers = new Map<Grammar, Promise<Parser>>();

export function parserFor(grammar: Grammar): Promise<Parser> {
  let parser = parsers.get(grammar);
  if (!parser) {
    parser = load(grammar);
    parsers.set(grammar, parser);
  }
  return parser;
}

/**
 * Parses one file and hands its root to `read`, freeing the tree after (it lives in wasm memory).
 * A parse that throws is coverage for this file, never a failed scan (issue 22's rule for JS/TS).
 */
export function readTree(
  parser: Parser,
  file: { analyzer: string; path: string; text: string; coverage: Coverage[] },
  read: (root: Node) => void,
): void {
  let tree: ReturnType<Parser['parse']>;
  try {
    tree = parser.parse(file.text);
  } catch (error) {
    file.coverage.push({
      analyzer: file.analyzer,
      scope: file.path,
      status: 'failed',
      reason: `tree-sitter could not parse the file: ${(error as Error).message}`,
    });
    return;
  }
  if (!tree) return;
  try {
    read(tree.rootNode);
  } finally {
    tree.delete();
  }
}

/** A compiled query over a grammar (queries run inside the wasm module, far faster than JS walks). */
export async function queryFor(grammar: Grammar, source: string): Promise<{ parser: Parser; query: Query }> {
  const parser = await parserFor(grammar);
  const runtimeApi = await runtimeModule();
  return { parser, query: new runtimeApi.Query(parser.language!, source) };
}

async function load(grammar: Grammar): Promise<Parser> {
  const { Language, LANGUAGE_VERSION, MIN_COMPATIBLE_VERSION, Parser } = await runtimeModule();
  runtime ??= Parser.init();
  await runtime;
  const wasm = requireGrammar.resolve(`tree-sitter-${grammar}/tree-sitter-${grammar}.wasm`);
  const language = await Language.load(wasm);
  const abi = language.abiVersion;
  if (abi < MIN_COMPATIBLE_VERSION || abi > LANGUAGE_VERSION)
    throw new Error(
      `tree-sitter-${grammar} has grammar ABI ${abi}; web-tree-sitter reads ${MIN_COMPATIBLE_VERSION}–${LANGUAGE_VERSION}`,
    );
  const parser = new Parser();
  parser.setLanguage(language);
  return parser;
}
