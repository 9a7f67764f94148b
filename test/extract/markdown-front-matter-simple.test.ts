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
    'x: 2024-01-01',
    'x: .inf',
    'x: -a',
    'x: "quoted"',
    "x: 'single'",
    'x: a # comment',
    'x: a: b',
    'list:\n  - a\n  - b',
    'x: [a, [b]]',
    'x: [a, "b"]',
    '  indented: a',
    '__proto__: a',
    'x: &anchor a',
    'x: *alias',
    'x: |',
    '',
    'x: a\ty',
  ];
  it.each(left)('leaves %j to yaml', (text) => {
    expect(simpleFrontMatter(text)).toBeUndefined();
  });
});
