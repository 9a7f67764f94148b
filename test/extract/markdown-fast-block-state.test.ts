import MarkdownIt from 'markdown-it';
import StateBlock from 'markdown-it/lib/rules_block/state_block.mjs';
import { describe, expect, it } from 'vitest';
import { fastBlockState } from '../../src/extract/markdown-fast-block-state.js';
import { ownDocs, packageReadmes } from './markdown-corpus.js';

const md = new MarkdownIt();
const Fast = fastBlockState(StateBlock);

/** The caches and counters a block rule reads, from markdown-it's own constructor and from ours. */
function caches(State: typeof StateBlock, src: string) {
  const state = new State(src, md, {}, []);
  const { bMarks, eMarks, tShift, sCount, bsCount, lineMax, line, blkIndent, parentType, level } = state;
  return {
    src: state.src,
    bMarks,
    eMarks,
    tShift,
    sCount,
    bsCount,
    lineMax,
    line,
    blkIndent,
    parentType,
    level,
  };
}

const EDGES = [
  '',
  '\n',
  '\n\n\n',
  'a',
  'a\n',
  'a\nb',
  '  ',
  'a\n  ',
  'a\n \t ',
  'a\n  \n',
  '\t\tcode\n  \t x\n\n',
  ' \t  \t\tmixed tabs\n',
  '    indented\n\tfenced\n```\n  x\n```',
  '# h\n\n> quote\n>  - item\n\n| a | b |\n|---|---|\n| 1 | 2 |',
  'trailing blanks   \nend   ',
  '\n  \n\t\n x',
  'line\r\nwith a carriage return\r\n',
];

describe('the fast pass’s block state', () => {
  it('builds exactly markdown-it’s line caches on edge cases', () => {
    for (const src of EDGES) expect(caches(Fast, src), JSON.stringify(src)).toEqual(caches(StateBlock, src));
  });

  it('builds exactly markdown-it’s line caches on real documents', () => {
    const docs = [...ownDocs(), ...packageReadmes(7)];
    expect(docs.length).toBeGreaterThan(50);
    for (const { path, text } of docs) expect(caches(Fast, text), path).toEqual(caches(StateBlock, text));
  });

  it('gives the same tokens as markdown-it', () => {
    const fast = new MarkdownIt();
    fast.block.State = fastBlockState(fast.block.State);
    for (const { path, text } of ownDocs()) expect(fast.parse(text, {}), path).toEqual(md.parse(text, {}));
  });
});
