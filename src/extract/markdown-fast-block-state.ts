/**
 * markdown-it's block state with its line caches built by `indexOf('\n')` instead of a JavaScript
 * loop over every character: the constructor reads each character of the document once only to
 * find line ends, a tenth of the fast pass on long documents. The caches are exactly markdown-it's
 * (test/extract/markdown-fast-block-state.test.ts compares them on edge cases and on real files),
 * including its quirk that a last line of only blanks without a newline gets no entry.
 */
import type StateBlock from 'markdown-it/lib/rules_block/state_block.mjs';
import type Token from 'markdown-it/lib/token.mjs';

type BlockStateClass = typeof StateBlock;

/** Fills the caches markdown-it's constructor computes: bMarks, eMarks, tShift, sCount, bsCount. */
export function lineMarks(state: StateBlock): void {
  const s = state.src;
  const len = s.length;
  let start = 0;
  while (start < len) {
    let pos = start;
    let indent = 0;
    let offset = 0;
    for (; pos < len; pos++) {
      const ch = s.charCodeAt(pos);
      if (ch === 0x20) offset++;
      else if (ch === 0x09) offset += 4 - (offset % 4);
      else break;
      indent++;
    }
    if (pos === len) break;
    const newline = s.indexOf('\n', pos);
    const end = newline < 0 ? len : newline;
    state.bMarks.push(start);
    state.eMarks.push(end);
    state.tShift.push(indent);
    state.sCount.push(offset);
    state.bsCount.push(0);
    start = end + 1;
  }
  // markdown-it's fake last entry, which spares its rules a bounds check.
  state.bMarks.push(len);
  state.eMarks.push(len);
  state.tShift.push(0);
  state.sCount.push(0);
  state.bsCount.push(0);
  state.lineMax = state.bMarks.length - 1;
}

/**
 * A block state class that builds its caches with lineMarks. markdown-it's constructor scans the
 * source itself, so it runs on an empty source and the real one is set afterwards: every field
 * keeps markdown-it's order and defaults, and the rules see the same object shape.
 */
export function fastBlockState(Base: BlockStateClass): BlockStateClass {
  return class FastBlockState extends Base {
    constructor(src: string, md: StateBlock['md'], env: StateBlock['env'], tokens: Token[]) {
      super('', md, env, tokens);
      this.src = src;
      this.bMarks.length = 0;
      this.eMarks.length = 0;
      this.tShift.length = 0;
      this.sCount.length = 0;
      this.bsCount.length = 0;
      lineMarks(this);
    }
  };
}
