import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  type ArtifactFacts,
  artifactIdFromPath,
  artifactKey,
  extractArtifact,
  isDecisionRecordPath,
  parseArtifactId,
} from '../../src/extract/artifact.js';
import { type DocFacts, extractDoc, linkDoc, type RepoView } from '../../src/extract/markdown.js';

const artifact = (file: string, text: string) => extractArtifact(file, text, extractDoc(file, text));
const linkRows = (facts: ArtifactFacts | undefined) =>
  (facts?.links ?? []).map((l) => [l.relation, l.value, l.from, l.line, l.column, l.literal, l.source]);

describe('decision-record paths and ids', () => {
  it.each([
    ['docs/adr/0001-record-architecture-decisions.md', 'ADR-1'],
    ['doc/architecture/decisions/0002-use-x.md', 'ADR-2'],
    ['docs/decisions/0010-y.mdx', 'ADR-10'],
    ['architecture-decisions/0003-z.markdown', 'ADR-3'],
    ['rfcs/0023-plugin-api.md', 'RFC-23'],
    ['rfcs/text/0001-private-fields.md', 'RFC-1'],
    ['ADR-016.md', 'ADR-016'],
    ['docs/ADR-016-error-handling.md', 'ADR-016'],
    ['notes/adr_7_cache.md', 'ADR-7'],
    ['RFC-0023.md', 'RFC-0023'],
    ['specs/spec-4-sync.md', 'SPEC-4'],
    ['docs/adr/README.md', undefined],
    ['docs/adr/0000-template.md', undefined],
    ['docs/adr/20200925-multi-packages-architecture.md', '20200925-multi-packages-architecture'],
    ['docs/decisions/2021-03-04-use-x.md', '2021-03-04-use-x'],
    ['docs/prd/0002-search.md', 'PRD-2'],
    ['docs/architecture-decisions/adr013-use-fetch.md', 'ADR-013'],
    ['docs/architecture-decisions/adr000-template.md', undefined],
    ['docs/decisions/0019-consequences-in-minimal-template.md', 'ADR-19'],
    ['docs/decisions/adr-template-bare.md', undefined],
    ['docs/adr/index.md', undefined],
    ['notes/20200925-meeting.md', undefined],
    ['docs/adr/adr-template.md', undefined],
    ['docs/0001-intro.md', undefined],
    ['docs/adr/0001-x.ts', undefined],
    ['docs/adrian/0001-x.md', undefined],
    ['docs/spec-writing.md', undefined],
  ])('%s → %s', (file, id) => {
    expect(artifactIdFromPath(file)).toBe(id);
    expect(isDecisionRecordPath(file)).toBe(id !== undefined);
  });

  it('reads every record of a folder a log4brains configuration names, whatever its name', () => {
    const recordFolders = new Set(['packages/core/docs/architecture']);
    expect(artifactIdFromPath('packages/core/docs/architecture/20201026-x.md', { recordFolders })).toBe(
      '20201026-x',
    );
    expect(artifactIdFromPath('packages/core/docs/architecture/use-x.md', { recordFolders })).toBe('use-x');
    expect(
      artifactIdFromPath('packages/core/docs/architecture/README.md', { recordFolders }),
    ).toBeUndefined();
    expect(artifactIdFromPath('packages/core/docs/architecture/20201026-x.md')).toBeUndefined();
  });

  it.each([
    ['ADR-016', 'ADR-016', 'ADR-16'],
    ['adr-16', 'ADR-16', 'ADR-16'],
    [' RFC-0023 ', 'RFC-0023', 'RFC-23'],
    ['prd-2', 'PRD-2', 'PRD-2'],
    ['intro', undefined, 'intro'],
    ['ADR16', undefined, 'ADR16'],
    ['DR-3', undefined, 'DR-3'],
  ])('id %j parses to %j, key %j', (raw, id, key) => {
    expect(parseArtifactId(raw)).toBe(id);
    expect(artifactKey(raw)).toBe(key);
  });

  it('takes the front-matter id over the file name, and ignores ids of other kinds', () => {
    expect(artifact('docs/adr/0001-x.md', '---\nid: ADR-016\n---\n# X\n')?.artifactId).toBe('ADR-016');
    expect(artifact('docs/guide.md', '---\nid: rfc-9\n---\n# G\n')?.artifactId).toBe('RFC-9');
    expect(artifact('docs/intro.md', '---\nid: intro\n---\n# Intro\n')).toBeUndefined();
    expect(artifact('docs/guide.md', '# Guide\n\nSupersedes [ADR-1](adr/0001-x.md)\n')).toBeUndefined();
  });
});

describe('front-matter typed links', () => {
  const file = 'docs/adr/0005-x.md';
  it.each<[string, string, unknown[][]]>([
    ['a scalar', 'supersedes: ADR-3', [['supersedes', 'ADR-3', undefined, 3, 13, 'ADR-3', 'front-matter']]],
    [
      'a flow list, each value at its column',
      'based_on: [ADR-1, "ADR-2"]',
      [
        ['based_on', 'ADR-1', undefined, 3, 12, 'ADR-1', 'front-matter'],
        ['based_on', 'ADR-2', undefined, 3, 20, 'ADR-2', 'front-matter'],
      ],
    ],
    [
      'a block list of paths and globs',
      'covers:\n  - src/store/*.ts\n  - "src/a b.ts"',
      [
        ['covers', 'src/store/*.ts', undefined, 4, 5, 'src/store/*.ts', 'front-matter'],
        ['covers', 'src/a b.ts', undefined, 5, 6, 'src/a b.ts', 'front-matter'],
      ],
    ],
    [
      'a relation written with a dash or in camelCase',
      'belongs-to: ADR-1\nbasedOn: ADR-2',
      [
        ['belongs_to', 'ADR-1', undefined, 3, 13, 'ADR-1', 'front-matter'],
        ['based_on', 'ADR-2', undefined, 4, 10, 'ADR-2', 'front-matter'],
      ],
    ],
    [
      'an invalid relation-like key, as written',
      'depends_on: ADR-1\nrelates-to: docs/x.md',
      [
        ['depends_on', 'ADR-1', undefined, 3, 13, 'ADR-1', 'front-matter'],
        ['relates-to', 'docs/x.md', undefined, 4, 13, 'docs/x.md', 'front-matter'],
      ],
    ],
    [
      'a suffix key only when the value looks like a reference',
      'extracted_from: docs/a.md\nreviewed_by: Alice\ndecided_on: 2024-01-01',
      [['extracted_from', 'docs/a.md', undefined, 3, 17, 'docs/a.md', 'front-matter']],
    ],
    [
      'metadata keys are never links',
      'title: ADR-3\nstatus: accepted\ndate: 2024-01-01\ntags: [docs/a.md]',
      [],
    ],
    ['a comment and an empty value', 'supersedes: # none yet\ninforms:', []],
  ])('%s', (_name, yaml, rows) => {
    expect(linkRows(artifact(file, `---\nid: ADR-5\n${yaml}\n---\n# X\n`))).toEqual(rows);
  });

  it('records a non-string value under a relation key as coverage', () => {
    const facts = artifact(file, '---\nsupersedes: 2\ninforms: { a: 1 }\n---\n# X\n');
    expect(facts?.links).toEqual([]);
    expect(facts?.coverage.map((c) => [c.scope, c.status, c.detail])).toEqual([
      ['docs/adr/0005-x.md:2', 'partial', 'supersedes'],
      ['docs/adr/0005-x.md:3', 'partial', 'informs'],
    ]);
  });

  it('cites the line after a BOM and CRLF line endings', () => {
    const text = '\uFEFF---\r\nid: ADR-5\r\nrefines: ADR-2\r\n---\r\n# X\r\n';
    expect(linkRows(artifact(file, text))).toEqual([
      ['refines', 'ADR-2', undefined, 3, 10, 'ADR-2', 'front-matter'],
    ]);
  });
});

describe('in-body typed links', () => {
  const file = 'docs/adr/0003-x.md';
  it.each<[string, string, unknown[][]]>([
    [
      'Superseded by a link: the other record supersedes this one',
      'Superseded by [ADR-9](0009-x.md)',
      [['supersedes', 'ADR-3', 'docs/adr/0009-x.md', 3, 23, '0009-x.md', 'body']],
    ],
    [
      'the adr-tools spelling "Superceded"',
      'Superceded by [9. Use Y](0009-y.md)',
      [['supersedes', 'ADR-3', 'docs/adr/0009-y.md', 3, 26, '0009-y.md', 'body']],
    ],
    [
      'Supersedes a link: this record supersedes it',
      'Supersedes [1. Old](0001-old.md)',
      [['supersedes', 'docs/adr/0001-old.md', undefined, 3, 21, '0001-old.md', 'body']],
    ],
    [
      'an id without a link',
      'Supersedes ADR-1 and ADR-2.',
      [
        ['supersedes', 'ADR-1', undefined, 3, 12, 'ADR-1', 'body'],
        ['supersedes', 'ADR-2', undefined, 3, 22, 'ADR-2', 'body'],
      ],
    ],
    [
      'bold phrase and a colon',
      '**Superseded by:** [ADR-9](0009-x.md)',
      [['supersedes', 'ADR-3', 'docs/adr/0009-x.md', 3, 28, '0009-x.md', 'body']],
    ],
    [
      'a MADR status bullet',
      '* Status: superseded by [ADR-0005](0005-example.md)',
      [['supersedes', 'ADR-3', 'docs/adr/0005-example.md', 3, 36, '0005-example.md', 'body']],
    ],
    [
      'Amends maps to refines',
      'Amends [1. Record](0001-record.md)',
      [['refines', 'docs/adr/0001-record.md', undefined, 3, 20, '0001-record.md', 'body']],
    ],
    [
      'Amended by is the inverse',
      'Amended by [4. More](0004-more.md)',
      [['refines', 'ADR-3', 'docs/adr/0004-more.md', 3, 22, '0004-more.md', 'body']],
    ],
    [
      'a phrase outside the 11 is kept as written',
      'Clarified by [5. C](0005-c.md)',
      [['clarified_by', 'docs/adr/0005-c.md', undefined, 3, 21, '0005-c.md', 'body']],
    ],
    [
      'a reference-style link',
      'Superseded by [ADR-9][nine]\n\n[nine]: ./0009-x.md',
      [['supersedes', 'ADR-3', 'docs/adr/0009-x.md', 3, 15, '[ADR-9][nine]', 'body']],
    ],
    [
      'an external link whose text is an id',
      'Supersedes [ADR-1](https://wiki.example/adr-1)',
      [['supersedes', 'ADR-1', undefined, 3, 20, 'https://wiki.example/adr-1', 'body']],
    ],
    [
      'several lines of one paragraph',
      'Accepted\nSupersedes [2. Two](0002-two.md)\nAmends ADR-1',
      [
        ['supersedes', 'docs/adr/0002-two.md', undefined, 4, 21, '0002-two.md', 'body'],
        ['refines', 'ADR-1', undefined, 5, 8, 'ADR-1', 'body'],
      ],
    ],
    [
      'prose that merely contains a phrase',
      'This supports [ADR-2](0002-x.md) well.\n\nIt supersedes ADR-1.',
      [],
    ],
    ['a phrase with words before the link', 'Supersedes the old approach in [ADR-1](0001-x.md)', []],
    ['a phrase without a target', 'Superseded by the next one.', []],
    ['fenced code', '```\nSuperseded by [ADR-9](0009-x.md)\n```', []],
  ])('%s', (_name, body, rows) => {
    expect(linkRows(artifact(file, `# 3. X\n\n${body}\n`))).toEqual(rows);
  });

  it('records a declared link it cannot resolve as coverage', () => {
    const facts = artifact(file, '# 3. X\n\nSupersedes [the wiki page](https://wiki.example/old)\n');
    expect(facts?.links).toEqual([]);
    expect(facts?.coverage).toEqual([
      expect.objectContaining({
        analyzer: 'artifact',
        scope: 'docs/adr/0003-x.md:3',
        detail: 'https://wiki.example/old',
      }),
    ]);
  });

  it('reads a MADR front-matter status that declares a link', () => {
    const text = '---\nstatus: "superseded by [ADR-0005](0005-example.md)"\n---\n# X\n';
    const facts = artifact(file, text);
    expect(facts?.status).toBe('superseded');
    expect(linkRows(facts)).toEqual([
      ['supersedes', 'ADR-3', 'docs/adr/0005-example.md', 2, 35, '0005-example.md', 'front-matter'],
    ]);
  });
});

describe('status and title', () => {
  it.each([
    ['# 1. T\n\n## Status\n\nAccepted\n\n## Context\n', 'accepted'],
    ['# 1. T\n\n## Status\n\nSuperceded by [2. U](0002-u.md)\n', 'superseded'],
    ['# 1. T\n\n## Status:\n\n*Proposed* 2024-01-01\n', 'proposed'],
    ['# 1. T\n\n## Status\n\nIn review by the team\n', 'In review by the team'],
    ['# 1. T\n\n## Status\n\n## Context\n\nAccepted\n', undefined],
    ['---\nstatus: Deprecated\n---\n# 1. T\n\n## Status\n\nAccepted\n', 'deprecated'],
    ['# 1. T\n', undefined],
  ])('%j → %j', (text, status) => {
    expect(artifact('docs/adr/0001-t.md', text)?.status).toBe(status);
  });

  it('takes the title from front matter, else the first heading', () => {
    expect(artifact('docs/adr/0001-t.md', '# 1. Record decisions\n')?.title).toBe('1. Record decisions');
    expect(artifact('docs/adr/0001-t.md', '---\ntitle: Use X\n---\n# Other\n')?.title).toBe('Use X');
    expect(artifact('docs/adr/0001-t.md', 'No heading.\n')?.title).toBeUndefined();
  });
});

describe('fixture docs-adr-typed-links (adr-tools records and a MADR record)', () => {
  const root = fileURLToPath(new URL('../fixtures/docs-adr-typed-links/', import.meta.url));
  const files = (readdirSync(root, { recursive: true, withFileTypes: true }) as import('node:fs').Dirent[])
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .sort();
  const texts = new Map(files.map((file) => [file, readFileSync(path.join(root, file), 'utf8')]));
  const docs = new Map<string, DocFacts>();
  for (const [file, text] of texts) if (file.endsWith('.md')) docs.set(file, extractDoc(file, text));
  const repo: RepoView = {
    files: new Set(files),
    lineCount: (file) => texts.get(file)?.split('\n').length,
    headings: (file) => {
      const facts = docs.get(file);
      return facts && new Set(facts.headings.map((h) => h.slug));
    },
    exportedNames: new Map([['openStore', ['src/store/index.ts', 'src/store/sqlite.ts']]]),
  };
  const artifacts = new Map<string, ArtifactFacts>();
  for (const [file, facts] of docs) {
    const found = extractArtifact(file, texts.get(file)!, facts);
    if (found) artifacts.set(file, found);
  }
  const adr = (n: string) =>
    artifacts.get([...artifacts.keys()].find((file) => file.includes(`/000${n}-`))!)!;

  it('finds the four records, not the index README', () => {
    expect([...artifacts.values()].map((a) => [a.artifactId, a.status, a.title])).toEqual([
      ['ADR-1', 'accepted', '1. Record architecture decisions'],
      ['ADR-2', 'superseded', '2. Use Postgres for storage'],
      ['ADR-3', 'accepted', '3. Use SQLite for storage'],
      ['ADR-4', 'accepted', 'Typed links in front matter'],
    ]);
  });

  it('reads the adr-tools Status lines in both directions, and nothing from code fences', () => {
    expect(linkRows(adr('2'))).toEqual([
      [
        'supersedes',
        'ADR-2',
        'docs/adr/0003-use-sqlite-for-storage.md',
        7,
        43,
        '0003-use-sqlite-for-storage.md',
        'body',
      ],
    ]);
    expect(linkRows(adr('3'))).toEqual([
      [
        'supersedes',
        'docs/adr/0002-use-postgres-for-storage.md',
        undefined,
        9,
        42,
        '0002-use-postgres-for-storage.md',
        'body',
      ],
      [
        'refines',
        'docs/adr/0001-record-architecture-decisions.md',
        undefined,
        11,
        43,
        '0001-record-architecture-decisions.md',
        'body',
      ],
    ]);
  });

  it('reads front-matter links at their lines, surfaces the invalid key and reports the bad value', () => {
    expect(linkRows(adr('4'))).toEqual([
      ['based_on', 'ADR-3', undefined, 6, 11, 'ADR-3', 'front-matter'],
      ['covers', 'src/store/*.ts', undefined, 8, 5, 'src/store/*.ts', 'front-matter'],
      ['covers', 'src/store/index.ts', undefined, 9, 5, 'src/store/index.ts', 'front-matter'],
      [
        'informs',
        'docs/adr/0001-record-architecture-decisions.md',
        undefined,
        10,
        10,
        'docs/adr/0001-record-architecture-decisions.md',
        'front-matter',
      ],
      ['depends_on', 'ADR-1', undefined, 11, 13, 'ADR-1', 'front-matter'],
    ]);
    expect(adr('4').coverage.map((c) => [c.scope, c.detail])).toEqual([
      ['docs/adr/0004-typed-links-in-front-matter.md:12', 'supersedes'],
    ]);
  });

  it('cites every declared link at a literal written at its line and column', () => {
    for (const [file, facts] of artifacts) {
      const lines = texts.get(file)!.split('\n');
      for (const link of facts.links) {
        expect(lines[link.line - 1]!.startsWith(link.literal, link.column - 1), `${file}:${link.line}`).toBe(
          true,
        );
      }
    }
  });

  it('finds broken links and anchors with file:line, and checks line anchors', () => {
    const findings = [...docs].flatMap(([file, facts]) =>
      linkDoc(file, facts, repo).findings.map((f) => f.message),
    );
    expect(findings).toEqual([
      'docs/adr/0004-typed-links-in-front-matter.md:22 links to 0009-missing.md, which does not exist',
      'docs/adr/0004-typed-links-in-front-matter.md:22 links to 0003-use-sqlite-for-storage.md#no-such-heading, but docs/adr/0003-use-sqlite-for-storage.md has no heading #no-such-heading',
    ]);
  });

  it('links the README to the records, the folder and the code, every edge re-findable by grep', () => {
    const out = linkDoc('README.md', docs.get('README.md')!, repo);
    expect(out.edges.map((e) => [e.relation, e.target, e.anchor])).toEqual([
      ['links-to', 'docs/adr/README.md', undefined],
      ['links-to', 'docs/adr/0001-record-architecture-decisions.md', 'context'],
      ['mentions', 'src/store/sqlite.ts', undefined],
      ['mentions-symbol', 'src/store/index.ts', undefined],
      ['mentions-symbol', 'src/store/sqlite.ts', undefined],
    ]);
    for (const [file, facts] of docs) {
      const lines = texts.get(file)!.split('\n');
      for (const edge of linkDoc(file, facts, repo).edges) {
        const literal = edge.verifiedBy.slice('grep:'.length);
        expect(lines[edge.line - 1]!.indexOf(literal), `${file}:${edge.line} ${literal}`).toBe(
          edge.column - 1,
        );
      }
    }
  });
});
