import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { extractDoc, linkDoc, type RepoView } from '../../src/extract/markdown.js';
import { lineAnchor, resolveLinkTarget } from '../../src/extract/markdown-link-target.js';
import { createSlugger, githubSlug } from '../../src/extract/markdown-slugs.js';

/** A hand-built repository for linkDoc; documents' headings as their DocFacts would give them. */
function repoView(overrides: Partial<RepoView> = {}): RepoView {
  const files = new Set([
    'README.md',
    'docs/index.md',
    'docs/guide.md',
    'docs/a b.md',
    'docs/img.png',
    'src/x.ts',
    'src/util/paths.ts',
    'src/util/README.md',
    'src/lib/one.ts',
  ]);
  const headings = new Map([
    ['README.md', new Set(['proofmap'])],
    ['docs/guide.md', new Set(['install', 'install-1', 'usage', 'привет'])],
    ['docs/index.md', new Set(['local'])],
    ['src/util/README.md', new Set(['paths'])],
  ]);
  const lines = new Map([
    ['src/x.ts', 20],
    ['docs/guide.md', 10],
    ['docs/index.md', 3],
  ]);
  return {
    files,
    lineCount: (path) => lines.get(path),
    headings: (path) => headings.get(path),
    exportedNames: new Map(),
    ...overrides,
  };
}

describe('githubSlug', () => {
  // Cases from github-slugger's fixtures: what GitHub renders as heading ids.
  it.each([
    ['bravoCharlieDelta', 'bravocharliedelta'],
    ['heading with a - dash', 'heading-with-a---dash'],
    ['heading with an _ underscore', 'heading-with-an-_-underscore'],
    ['heading with a period.txt', 'heading-with-a-periodtxt'],
    [
      'exchange.bind_headers(exchange, routing [, bindCallback])',
      'exchangebind_headersexchange-routing--bindcallback',
    ],
    [' a ', '-a-'],
    ['apostrophe’s should be trimmed', 'apostrophes-should-be-trimmed'],
    ['I ♥ unicode', 'i--unicode'],
    ['en–dash', 'endash'],
    ['😄 unicode emoji', '-unicode-emoji'],
    ['😄_😄 unicode emoji', '_-unicode-emoji'],
    [':ok_hand: Single', 'ok_hand-single'],
    ['Привет non-latin 你好', 'привет-non-latin-你好'],
    ['a\u2028b', 'ab'],
    ['Use `createServer()` & friends', 'use-createserver--friends'],
  ])('%j → %j', (text, slug) => {
    expect(githubSlug(text)).toBe(slug);
  });

  it('suffixes duplicates the way GitHub does, skipping slugs already taken', () => {
    const slug = createSlugger();
    const inputs = [
      'echo',
      'echo',
      'echo 1',
      'echo-1',
      'echo',
      'foxtrot-1',
      'foxtrot',
      'foxtrot',
      '__proto__',
      '__proto__',
    ];
    expect(inputs.map(slug)).toEqual([
      'echo',
      'echo-1',
      'echo-1-1',
      'echo-1-2',
      'echo-2',
      'foxtrot-1',
      'foxtrot',
      'foxtrot-2',
      '__proto__',
      '__proto__-1',
    ]);
  });
});

describe('extractDoc headings', () => {
  it('records text, slug with duplicate suffix, depth and line', () => {
    const md = '# Install\n\nSetup\n=====\n\n## Install\n\n### Use `openStore()` ![logo](x.png) <b>now</b>\n';
    expect(extractDoc('d.md', md).headings).toEqual([
      { text: 'Install', slug: 'install', depth: 1, line: 1 },
      { text: 'Setup', slug: 'setup', depth: 1, line: 3 },
      { text: 'Install', slug: 'install-1', depth: 2, line: 6 },
      { text: 'Use openStore()  now', slug: 'use-openstore--now', depth: 3, line: 8 },
    ]);
  });
});

describe('extractDoc links', () => {
  const cases: { name: string; md: string; links: [string, number, number, string][] }[] = [
    { name: 'inline link', md: 'See [a](./a.md).', links: [['./a.md', 1, 9, './a.md']] },
    { name: 'image', md: 'x ![logo](img/logo.png "Logo")', links: [['img/logo.png', 1, 11, 'img/logo.png']] },
    {
      name: 'reference link, recorded at its definition',
      md: 'See [the guide][g].\n\n[g]: ./guide.md#install',
      links: [['./guide.md#install', 3, 6, './guide.md#install']],
    },
    {
      name: 'link text equal to the destination',
      md: '[./a.md](./a.md)',
      links: [['./a.md', 1, 10, './a.md']],
    },
    {
      name: 'angle-bracket destination with a space',
      md: '[a](<./my file.md>)',
      links: [['./my file.md', 1, 6, './my file.md']],
    },
    {
      name: 'escaped destination cites the link source',
      md: '[a](./a\\_b.md)',
      links: [['./a_b.md', 1, 1, '[a](./a\\_b.md)']],
    },
    { name: 'same-document anchor', md: '[up](#top)', links: [['#top', 1, 6, '#top']] },
    { name: 'root-relative link', md: '[r](/docs/x.md)', links: [['/docs/x.md', 1, 5, '/docs/x.md']] },
    {
      name: 'badge: image inside a link',
      md: '[![b](./b.svg)](./c.md)',
      links: [
        ['./c.md', 1, 17, './c.md'],
        ['./b.svg', 1, 7, './b.svg'],
      ],
    },
    {
      name: 'external links are ignored',
      md: '[a](https://x.org) [m](mailto:a@b.c) [p](//cdn.x/y) www.example.com <https://z.org>',
      links: [],
    },
    { name: 'fenced code is ignored', md: '```md\n[a](./a.md)\n```\n\n~~~\n![b](./b.png)\n~~~', links: [] },
    { name: 'indented code is ignored', md: 'Text\n\n    [a](./a.md)\n', links: [] },
    { name: 'inline code is not a link', md: 'Write `[a](./a.md)` to link.', links: [] },
    {
      name: 'raw HTML is ignored',
      md: '<a href="./a.md">a</a>\n\n<div>\n\n[b](./b.md)\n\n</div>',
      links: [['./b.md', 5, 5, './b.md']],
    },
    {
      name: 'links inside lists, quotes and tables',
      md: '- [a](a.md)\n\n> [b](b.md)\n\n| x |\n|---|\n| [c](c.md) |',
      links: [
        ['a.md', 1, 7, 'a.md'],
        ['b.md', 3, 7, 'b.md'],
        ['c.md', 7, 7, 'c.md'],
      ],
    },
    {
      name: 'MDX import and JSX lines are not links',
      md: 'import X from \'./x.js\'\n\n<Note href="./n.md" />\n\n[a](./a.mdx)',
      links: [['./a.mdx', 5, 5, './a.mdx']],
    },
  ];
  it.each(cases)('$name', ({ md, links }) => {
    const facts = extractDoc('docs/d.md', md);
    expect(facts.links.map((l) => [l.raw, l.line, l.column, l.literal])).toEqual(links);
  });

  it('cites a literal found verbatim at each link’s line and column', () => {
    const md = '# T\n\n[a](./a.md) and ![i](./i.png)\n\nText [r][x] more.\n\n[x]: <./r.md>\n';
    const lines = md.split('\n');
    for (const link of extractDoc('d.md', md).links) {
      expect(lines[link.line - 1]!.startsWith(link.literal, link.column - 1)).toBe(true);
    }
  });
});

describe('resolveLinkTarget', () => {
  it.each([
    ['./a.md', { kind: 'path', target: 'docs/a.md' }],
    ['../src/x.ts#L3', { kind: 'path', target: 'src/x.ts', anchor: 'L3' }],
    ['/src/x.ts?plain=1#L3', { kind: 'path', target: 'src/x.ts', anchor: 'L3' }],
    ['#intro', { kind: 'path', target: '', anchor: 'intro' }],
    ['a%20b.md', { kind: 'path', target: 'docs/a b.md' }],
    [
      'guide.md#%D0%BF%D1%80%D0%B8%D0%B2%D0%B5%D1%82',
      { kind: 'path', target: 'docs/guide.md', anchor: 'привет' },
    ],
    ['./%E0%A4%A.md', { kind: 'broken', reason: 'cannot be percent-decoded' }],
    ['./100%.md', { kind: 'broken', reason: 'cannot be percent-decoded' }],
    ['../../outside.md', { kind: 'broken', reason: 'points outside the repository' }],
    ['/../x.md', { kind: 'broken', reason: 'points outside the repository' }],
    ['../', { kind: 'root' }],
    ['/', { kind: 'root' }],
    ['./x%00.md', { kind: 'ignored' }],
    ['./x\u0000.md', { kind: 'ignored' }],
  ])('%s', (raw, expected) => {
    expect(resolveLinkTarget('docs/index.md', raw)).toEqual(expected);
  });

  it.each([
    ['L10', { start: 10, end: 10 }],
    ['L10-L20', { start: 10, end: 20 }],
    ['L10C2-L12C5', { start: 10, end: 12 }],
    ['install', undefined],
    ['L10-20', undefined],
  ])('line anchor %s', (anchor, expected) => {
    expect(lineAnchor(anchor)).toEqual(expected);
  });
});

describe('linkDoc links', () => {
  type Case = { url: string; edge?: [string, string?]; finding?: [string, string]; coverage?: string };
  const cases: Case[] = [
    { url: './guide.md', edge: ['docs/guide.md'] },
    { url: 'guide.md#install-1', edge: ['docs/guide.md', 'install-1'] },
    { url: 'guide.md#%D0%BF%D1%80%D0%B8%D0%B2%D0%B5%D1%82', edge: ['docs/guide.md', 'привет'] },
    {
      url: './guide.md#nope',
      edge: ['docs/guide.md', 'nope'],
      finding: [
        'broken-anchor',
        'docs/index.md:3 links to ./guide.md#nope, but docs/guide.md has no heading #nope',
      ],
    },
    { url: '../README.md#PROOFMAP', edge: ['README.md', 'PROOFMAP'] },
    { url: '../README.md#user-content-proofmap', edge: ['README.md', 'user-content-proofmap'] },
    { url: '/src/x.ts#L10-L20', edge: ['src/x.ts', 'L10-L20'] },
    {
      url: '../src/x.ts#L30',
      edge: ['src/x.ts', 'L30'],
      finding: [
        'broken-line-anchor',
        'docs/index.md:3 links to ../src/x.ts#L30, but src/x.ts has only 20 lines',
      ],
    },
    {
      url: '../src/x.ts#L0',
      edge: ['src/x.ts', 'L0'],
      finding: [
        'broken-line-anchor',
        'docs/index.md:3 links to ../src/x.ts#L0, but lines are numbered from 1',
      ],
    },
    { url: '../src/x.ts#symbol', edge: ['src/x.ts', 'symbol'] },
    { url: './guide.md?plain=1#L2', edge: ['docs/guide.md', 'L2'] },
    { url: '../src/util/', edge: ['src/util/README.md'] },
    { url: '../src/util#paths', edge: ['src/util/README.md', 'paths'] },
    { url: '../src/lib', coverage: 'The link names the folder src/lib' },
    { url: '../node_modules/pkg/README.md', coverage: 'excluded folder' },
    { url: '/', coverage: 'repository root' },
    {
      url: './missing.md',
      finding: ['broken-link', 'docs/index.md:3 links to ./missing.md, which does not exist'],
    },
    { url: './a%20b.md', edge: ['docs/a b.md'] },
    {
      url: './%E0%A4%A.md',
      finding: ['broken-link', 'docs/index.md:3 links to ./%E0%A4%A.md, which cannot be percent-decoded'],
    },
    {
      url: '../../etc/passwd',
      finding: [
        'broken-link',
        'docs/index.md:3 links to ../../etc/passwd, which points outside the repository',
      ],
    },
    { url: './x%00.md' },
    { url: '#local' },
    { url: './index.md#local' },
    { url: '#L2' },
    {
      url: '#L9',
      finding: ['broken-line-anchor', 'docs/index.md:3 links to #L9, but this document has only 3 lines'],
    },
    {
      url: '#nope',
      finding: ['broken-anchor', 'docs/index.md:3 links to #nope, but this document has no heading #nope'],
    },
  ];
  it.each(cases)('$url', ({ url, edge, finding, coverage }) => {
    const facts = extractDoc('docs/index.md', `# Local\n\n[t](${url})\n`);
    const out = linkDoc('docs/index.md', facts, repoView());
    expect(out.edges.map((e) => [e.target, e.anchor].filter((x) => x !== undefined))).toEqual(
      edge ? [edge] : [],
    );
    expect(out.findings.map((f) => [f.code, f.message])).toEqual(finding ? [finding] : []);
    expect(out.coverage.map((c) => c.reason).join(' ')).toContain(coverage ?? '');
    if (!coverage) expect(out.coverage).toEqual([]);
  });

  it('turns images and reference definitions into edges, with the raw url as the grep literal', () => {
    const md = '# Local\n\n![i](img.png) and [g][guide]\n\n[guide]: ./guide.md#usage\n';
    const out = linkDoc('docs/index.md', extractDoc('docs/index.md', md), repoView());
    expect(out.edges).toEqual([
      {
        relation: 'links-to',
        target: 'docs/img.png',
        line: 3,
        column: 6,
        excerpt: '![i](img.png) and [g][guide]',
        verifiedBy: 'grep:img.png',
      },
      {
        relation: 'links-to',
        target: 'docs/guide.md',
        anchor: 'usage',
        line: 5,
        column: 10,
        excerpt: '[guide]: ./guide.md#usage',
        verifiedBy: 'grep:./guide.md#usage',
      },
    ]);
  });

  it('reports findings with the place of the destination', () => {
    const md = 'Intro\n\n   text [gone](./gone.md)\n';
    const [finding] = linkDoc('docs/index.md', extractDoc('docs/index.md', md), repoView()).findings;
    expect(finding).toEqual({
      code: 'broken-link',
      path: 'docs/index.md',
      line: 3,
      column: 16,
      target: './gone.md',
      message: 'docs/index.md:3 links to ./gone.md, which does not exist',
    });
  });

  it('finds nothing inside fenced code, even broken links', () => {
    const md = '```\n[gone](./gone.md)\n```\n';
    expect(linkDoc('docs/index.md', extractDoc('docs/index.md', md), repoView())).toEqual({
      edges: [],
      findings: [],
      coverage: [],
    });
  });
});

describe('mentions', () => {
  it.each([
    ['inline code path', 'Edit `src/util/paths.ts`.', [['src/util/paths.ts', 'inline-code']]],
    ['inline code with a line suffix', 'See `src/x.ts:12`.', [['src/x.ts', 'inline-code']]],
    [
      'prose path with trailing punctuation',
      'Edit src/x.ts, then (README.md).',
      [
        ['src/x.ts', 'prose'],
        ['README.md', 'prose'],
      ],
    ],
    ['prose path with a location', 'Crash at src/x.ts:12:5 today', [['src/x.ts', 'prose']]],
    ['prose and/or stays a candidate', 'read and/or write', [['and/or', 'prose']]],
    [
      'globs, scopes, urls and flags are not paths',
      '`src/**/*.ts` `@scope/pkg` https://x.org/a.md `--out/dir`',
      [],
    ],
    ['link text is the link’s business', '[src/x.ts](../src/x.ts)', []],
    [
      'external link text still mentions',
      '[`src/x.ts`](https://github.com/o/r/blob/main/src/x.ts)',
      [['src/x.ts', 'inline-code']],
    ],
    ['fenced code mentions nothing', '```\nsrc/x.ts\n```', []],
    ['inline code with spaces is not a path', '`npm run src/x.ts now`', []],
  ])('%s', (_name, md, expected) => {
    expect(extractDoc('docs/index.md', md).mentions.map((m) => [m.path, m.via])).toEqual(expected);
  });

  it('keeps mentions that name a discovered file, from the root or the document’s folder', () => {
    const md = [
      'Edit `src/util/paths.ts` and ./README.md or guide.md,',
      'not src/nothere.ts nor and/or, nor docs/index.md itself.',
      'Also src/x.ts:12.',
    ].join('\n');
    const out = linkDoc('docs/index.md', extractDoc('docs/index.md', md), repoView());
    expect(out.edges.map((e) => [e.relation, e.target, e.line, e.column, e.verifiedBy])).toEqual([
      ['mentions', 'src/util/paths.ts', 1, 7, 'grep:src/util/paths.ts'],
      ['mentions', 'README.md', 1, 30, 'grep:./README.md'],
      ['mentions', 'docs/guide.md', 1, 45, 'grep:guide.md'],
      ['mentions', 'src/x.ts', 3, 6, 'grep:src/x.ts'],
    ]);
  });
});

describe('symbol mentions', () => {
  const exportedNames = new Map<string, string[]>([
    ['createServer', ['src/server.ts']],
    ['parse', ['src/a.ts', 'src/b.ts']],
    ['id', ['src/a.ts']],
    ['default', ['src/a.ts']],
    ['run', ['1', '2', '3', '4', '5', '6'].map((n) => `src/${n}.ts`)],
  ]);
  it.each([
    ['an exported name', '`createServer`', [['src/server.ts', 'grep:createServer']]],
    ['a call', 'Call `createServer()` first.', [['src/server.ts', 'grep:createServer()']]],
    [
      'a call with arguments',
      '`parse(text, options)`',
      [
        ['src/a.ts', 'grep:parse(text, options)'],
        ['src/b.ts', 'grep:parse(text, options)'],
      ],
    ],
    ['a name shorter than 3', '`id`', []],
    ['a common name', '`default`', []],
    ['a name exported by more than 5 files', '`run`', []],
    ['a name nobody exports', '`nobody`', []],
    ['a member access', '`server.listen()`', []],
    ['inside fenced code', '```\ncreateServer\n```', []],
  ])('%s', (_name, md, expected) => {
    const out = linkDoc('docs/index.md', extractDoc('docs/index.md', md), repoView({ exportedNames }));
    expect(out.edges.map((e) => [e.target, e.verifiedBy])).toEqual(expected);
    for (const edge of out.edges) expect(edge.relation).toBe('mentions-symbol');
  });
});

describe('extractDoc front matter', () => {
  it('parses YAML front matter with its fence lines', () => {
    const facts = extractDoc('d.md', '---\ntitle: Hi\ntags: [a, b]\n---\n# Hi\n');
    expect(facts.frontMatter).toEqual({ data: { title: 'Hi', tags: ['a', 'b'] }, line: 1, endLine: 4 });
    expect(facts.headings.map((h) => h.line)).toEqual([5]);
  });
  it.each([
    ['invalid YAML', '---\ntitle: [unclosed\n---\n', 'not valid YAML'],
    ['a list, not a mapping', '---\n- a\n- b\n---\n', 'not a YAML mapping'],
    ['duplicate keys', '---\na: 1\na: 2\n---\n', 'not valid YAML'],
  ])('records %s as coverage', (_name, md, reason) => {
    const facts = extractDoc('docs/d.md', md);
    expect(facts.frontMatter).toBeUndefined();
    expect(facts.coverage).toEqual([
      expect.objectContaining({ analyzer: 'markdown', scope: 'docs/d.md:1', status: 'partial' }),
    ]);
    expect(facts.coverage[0]!.reason).toContain(reason);
  });
  it('reads no front matter when the document does not start with it', () => {
    expect(extractDoc('d.md', '# T\n\n---\na: 1\n---\n').frontMatter).toBeUndefined();
    expect(extractDoc('d.md', '+++\ntitle = "toml"\n+++\n').frontMatter).toBeUndefined();
  });
  it('reads empty front matter as an empty mapping', () => {
    expect(extractDoc('d.md', '---\n---\n# T\n').frontMatter).toEqual({ data: {}, line: 1, endLine: 2 });
  });
});

describe('extractDoc robustness', () => {
  it('survives deep nesting, CRLF, a BOM and binary noise', () => {
    expect(() => extractDoc('d.md', `${'>'.repeat(5000)} [a](./a.md)\n`)).not.toThrow();
    const crlf = extractDoc('d.md', '\uFEFF# T\r\n\r\n[a](./a.md)\r\n');
    expect(crlf.links.map((l) => [l.line, l.column, l.excerpt])).toEqual([[3, 5, '[a](./a.md)']]);
    const noise = String.fromCharCode(...Array.from({ length: 2000 }, (_, i) => (i * 7919) % 65536));
    expect(() => extractDoc('d.md', noise)).not.toThrow();
  });
});

describe('real documents (READMEs shipped in node_modules, written by others)', () => {
  const readmes = ['yaml/README.md', 'mdast-util-from-markdown/readme.md', 'picomatch/README.md']
    .map((name) => `node_modules/${name}`)
    .filter((file) => existsSync(file));
  it.each(readmes)('%s: every link, mention and symbol is cited where its literal is written', (file) => {
    const text = readFileSync(file, 'utf8');
    const facts = extractDoc(file, text);
    const lines = text.split(/\r\n|\n|\r/);
    const cited = [
      ...facts.links,
      ...facts.symbols,
      ...facts.mentions.map((m) => ({ ...m, literal: m.path })),
    ];
    expect(facts.headings.length).toBeGreaterThan(3);
    for (const fact of cited)
      expect(lines[fact.line - 1]!.startsWith(fact.literal, fact.column - 1), `${file}:${fact.line}`).toBe(
        true,
      );
  });
});
