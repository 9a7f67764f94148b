/**
 * The fast Markdown tokenizer: markdown-it (CommonMark + GFM tables), instrumented so that every
 * inline token carries its source range. markdown-it maps blocks to lines but gives inline tokens
 * no offsets; the extractor needs the offset of every text run, code span and link (mdast has
 * them), so each inline rule is wrapped to record where it started and ended, and text flushed
 * from the pending buffer gets the gap between its neighbours. Pure: one parser per thread, no I/O.
 */
import MarkdownIt from 'markdown-it';
import type StateBlock from 'markdown-it/lib/rules_block/state_block.mjs';
import type StateInline from 'markdown-it/lib/rules_inline/state_inline.mjs';
import type Token from 'markdown-it/lib/token.mjs';
import { fastBlockState } from './markdown-fast-block-state.js';

/** An inline token with its range in the inline content (`start` inclusive, `end` exclusive). */
export interface PlacedToken extends Token {
  start?: number;
  end?: number;
  /** link_open only: the range of the link text between the brackets. */
  labelStart?: number;
  labelEnd?: number;
  /** Text flushed from markdown-it's pending buffer: placed afterwards, in the gap it filled. */
  pending?: boolean;
}

/** A reference definition, recorded where the block parser consumed it (offsets in the fed text). */
export interface DefinitionToken extends Token {
  meta: { start: number; end: number; url: string; label: string };
}

/** What the fast pass met that it does not reproduce exactly; the whole document then falls back. */
export interface FastEnv {
  references?: unknown;
  undecided?: string;
}

interface TrackedInline extends StateInline {
  ruleStart: number;
  env: FastEnv;
}

type InlineRule = (state: StateInline, silent: boolean) => boolean;
type BlockRule = (state: StateBlock, startLine: number, endLine: number, silent: boolean) => boolean;

/** markdown-it stops descending at this depth and drops what is deeper; we fall back instead. */
export const MAX_NESTING = 100;

export function createFastParser(): MarkdownIt {
  // The default preset nests at most MAX_NESTING levels (the walker checks for it).
  const md = new MarkdownIt('default', { html: true, linkify: false, typographer: false });
  // Destinations exactly as mdast gives them: unescaped, never percent-encoded, never refused.
  md.normalizeLink = (url) => url;
  md.normalizeLinkText = (text) => text;
  md.validateLink = () => true;
  // Runs are merged by the extractor, which needs each piece's range; these rules would lose them.
  // The fed text is already normalized (\n endings, no NUL), so markdown-it's own pass is skipped.
  md.core.ruler.disable(['normalize', 'text_join', 'replacements', 'smartquotes', 'linkify']);
  md.inline.ruler2.disable(['fragments_join']);
  md.inline.State = trackedState(md.inline.State);
  md.block.State = fastBlockState(md.block.State);
  for (const [name, markers] of Object.entries(RULE_MARKERS)) wrapInline(md, name, markers);
  wrapReference(md);
  md.core.ruler.at('inline', (state) => {
    for (const token of state.tokens) {
      if (token.type !== 'inline') continue;
      if (isPlainText(token.content)) token.meta = PLAIN;
      else state.md.inline.parse(token.content, state.md, state.env, token.children ?? []);
    }
  });
  return md;
}

/** Marks inline content left untokenized because it is one text run (see isPlainText). */
export const PLAIN = Symbol('plain text');

/**
 * Content where no inline rule can fire (no markup character, no tab, no hard break) is one
 * text run with soft breaks: the extractor reads it without markdown-it's inline pass, which is
 * a large part of the parse. `:` and `@` only matter to linkify, which is off.
 */
export function isPlainText(content: string): boolean {
  return !/[!&*_<[\]\\`~\t]| \n/.test(content);
}

function trackedState(Base: typeof StateInline): typeof StateInline {
  return class Tracked extends Base {
    ruleStart = 0;
    override pushPending(): Token {
      const token = super.pushPending() as PlacedToken;
      token.pending = true;
      return token;
    }
    override push(type: string, tag: string, nesting: -1 | 0 | 1): Token {
      const token = super.push(type, tag, nesting) as PlacedToken;
      if (type === 'link_open') {
        token.labelStart = this.pos;
        token.labelEnd = this.posMax;
      }
      return token;
    }
  };
}

/** Rules are replaced in place by name, so markdown-it's rule order (which decides parses) is kept. */
/**
 * The characters each wrapped rule can start at (markdown-it's rules test them first too); the
 * wrapper answers for the others without the bookkeeping, which runs at every markup character.
 */
const RULE_MARKERS: Record<string, string> = {
  newline: '\n',
  escape: '\\',
  backticks: '`',
  strikethrough: '~',
  emphasis: '_*',
  link: '[',
  image: '!',
  autolink: '<',
  html_inline: '<',
  entity: '&',
};

function wrapInline(md: MarkdownIt, name: string, markers: string): void {
  const codes = [...markers].map((c) => c.charCodeAt(0));
  const marker = codes[0]!;
  const otherMarker = codes[1] ?? marker;
  const rules = (md.inline.ruler as unknown as { __rules__: { name: string; fn: InlineRule }[] }).__rules__;
  const rule = rules.find((r) => r.name === name);
  if (!rule) throw new Error(`markdown-it has no inline rule ${name}`);
  const inner = rule.fn;
  md.inline.ruler.at(name, (plain, silent) => {
    const state = plain as TrackedInline;
    const code = state.src.charCodeAt(state.pos);
    if (code !== marker && code !== otherMarker) return false;
    if (silent) return inner(state, true);
    const start = state.pos;
    const first = state.tokens.length;
    const outer = state.ruleStart;
    state.ruleStart = start;
    const ok = inner(state, false);
    state.ruleStart = outer;
    if (ok) place(name, state, first, start, state.pos);
    return ok;
  });
}

function place(name: string, state: StateInline, first: number, start: number, end: number): void {
  const tokens = state.tokens as PlacedToken[];
  const own: PlacedToken[] = [];
  for (let i = first; i < tokens.length; i++) {
    const token = tokens[i]!;
    if (!token.pending && token.start === undefined) own.push(token);
  }
  if (name === 'emphasis' || name === 'strikethrough') {
    // One token per delimiter character; postProcess later turns some into open/close tokens.
    own.forEach((token, k) => {
      set(token, start + k, start + k + 1);
    });
  } else if (name === 'link') {
    const open = own[0];
    const close = own[own.length - 1];
    if (open) set(open, start, open.labelStart!);
    if (close && close !== open) set(close, open?.labelEnd ?? start, end);
  } else if (name === 'autolink' && own.length === 3) {
    set(own[0]!, start, start + 1);
    set(own[1]!, start + 1, end - 1);
    set(own[2]!, end - 1, end);
  } else {
    for (const token of own) set(token, start, end);
  }
}

function set(token: PlacedToken, start: number, end: number): void {
  token.start = start;
  token.end = end;
}

/**
 * Pending text covers exactly the characters between its neighbours (markdown-it appends source
 * characters to it in order), so its range is the gap. `length` is the inline content's length.
 */
export function placePending(children: PlacedToken[], length: number): void {
  for (let i = 0; i < children.length; i++) {
    const token = children[i]!;
    if (!token.pending) continue;
    const before = i > 0 ? children[i - 1]!.end! : 0;
    const next = children[i + 1];
    token.start = before;
    token.end = next?.start ?? length;
  }
}

/**
 * Reference definitions leave no token in markdown-it (they only fill env.references), but mdast
 * records each one, duplicates included, and its destination is a link fact. The wrapper re-reads
 * what the rule consumed and leaves a `definition` token where the definition was.
 */
function wrapReference(md: MarkdownIt): void {
  const rules = (md.block.ruler as unknown as { __rules__: { name: string; fn: BlockRule }[] }).__rules__;
  const rule = rules.find((r) => r.name === 'reference');
  if (!rule) throw new Error('markdown-it has no block rule reference');
  const inner = rule.fn;
  const helpers = md.helpers;
  let lastDestination: { start: number; end: number; url: string } | undefined;
  const parseLinkDestination = helpers.parseLinkDestination;
  (md as { helpers: typeof helpers }).helpers = {
    ...helpers,
    parseLinkDestination(str: string, start: number, max: number) {
      const result = parseLinkDestination(str, start, max);
      lastDestination = result.ok ? { start, end: result.pos, url: result.str } : undefined;
      return result;
    },
  };
  md.block.ruler.at('reference', (state, startLine, endLine, silent) => {
    if (silent) return inner(state, startLine, endLine, true);
    lastDestination = undefined;
    const ok = inner(state, startLine, endLine, false);
    if (!ok) return false;
    const env = state.env as FastEnv;
    const start = state.bMarks[startLine]! + state.tShift[startLine]!;
    const labelEnd = closingBracket(state.src, start + 1);
    const destination = lastDestination as { start: number; end: number; url: string } | undefined;
    if (labelEnd < 0 || !destination) {
      env.undecided ??= 'a reference definition it could not re-read';
      return true;
    }
    const label = state.src.slice(start + 1, labelEnd);
    const rest = state.src.slice(destination.end, state.eMarks[state.line - 1]);
    if (label.includes('\n') || label.startsWith('^') || /\S/.test(rest) || state.line - startLine > 1) {
      // A title, a label over several lines or a GFM footnote: rare, left to the full parser.
      env.undecided ??= 'a reference definition with a title, a multi-line label or a footnote';
      return true;
    }
    const token = state.push('definition', '', 0) as DefinitionToken;
    token.map = [startLine, state.line];
    token.meta = { start, end: destination.end, url: destination.url, label };
    return true;
  });
}

/** Offset of the `]` that closes a label opened just before `from`, honouring backslash escapes. */
function closingBracket(src: string, from: number): number {
  for (let i = from; i < src.length; i++) {
    const c = src.charCodeAt(i);
    if (c === 0x5c) i++;
    else if (c === 0x5d) return i;
    else if (c === 0x5b) return -1;
  }
  return -1;
}
