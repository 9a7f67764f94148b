import { describe, expect, it } from 'vitest';
import { parseDocument } from 'yaml';
import { simpleFrontMatter } from '../../src/extract/markdown-front-matter-simple.js';

/** What the yaml package gives, or undefined when it reports an error. */
function viaYaml(text: string): unknown {
  const document = parseDocument(text, { prettyErrors: false });
  return document.errors.length > 0 ? undefined : document.toJS({ maxAliasCount: 100 });
}

describe('simpleFrontMatter', () => {
  const read = [
    'title: Auth Export\ntags: [sessions, layout]\nstatus: deprecated',
    'title:   spaced out   \n\nkind: how-to',
    'tags: []',
    'tags: [a,b, c d ]',
    'path: docs/a.md\r\nowner: team_core',
    'x: yes',
    'x: a-',
    'id: ADR-5\ndate: 2023-03-27\nbased_on: [ADR-2, ADR-1]\ncovers:\n  - packages/pkg-5/src/billing\n  - packages/pkg-3/a.ts',
    'covers:\n- a\n- b\nnext: c',
    'a:\n    - b  \n    - c',
    'x: 2024-01-01',
    'list:\n  - a\n  - b',
  ];
  it.each(read)('reads %j exactly as yaml does', (text) => {
    const data = simpleFrontMatter(text);
    expect(data).toBeDefined();
    expect(data).toEqual(viaYaml(text));
  });

  const left = [
    'a: b\na: c',
    'x: Null',
    'x: true',
    'x: 0x1F',
    'x: .inf',
    'x: -a',
    'x: "quoted"',
    "x: 'single'",
    'x: a # comment',
    'x: a: b',
    'x: [a, [b]]',
    'x: [a, "b"]',
    '  indented: a',
    '__proto__: a',
    'x: &anchor a',
    'x: *alias',
    'x: |',
    '',
    'x: a\ty',
    'x: 2023-1-1',
    'x:',
    'x:\n  - a\n    - b',
    'x:\n  - a\n  - 12',
    'x:\n  - a\n  y: b',
  ];
  it.each(left)('leaves %j to yaml', (text) => {
    expect(simpleFrontMatter(text)).toBeUndefined();
  });
});
