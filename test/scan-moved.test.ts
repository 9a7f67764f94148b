/**
 * A rescan whose listing is the last scan's and whose moved stamps are a few edited files takes
 * discovery's answer from those files alone (discover/moved-discovery.ts). Every sequence here,
 * mixing such rescans with the ones a new, deleted or renamed file or a configuration change
 * sends through a full discovery, must leave the map and the index a cold scan of the same tree
 * makes.
 */
import { cpSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { scan } from '../src/scan.js';
import { indexDump } from './helpers/index-dump.js';
import { discoverDetails } from './helpers/rescan-fixture.js';
import { tmpRepo } from './helpers/tmp-repo.js';

afterEach(() => {
  vi.useRealTimers();
});

const tick = () => new Promise((r) => setTimeout(r, 5)); // change times must move past the last stat's

function repo(): string {
  return tmpRepo({
    'package.json': '{"name":"moved","version":"1.0.0"}\n',
    'tsconfig.json': '{"compilerOptions":{"baseUrl":".","paths":{"@lib/*":["src/lib/*"]}}}\n',
    'src/app/a.ts': "import { named } from '../lib/named';\nexport const a = named;\n",
    'src/app/b.ts': "import { a } from './a';\nimport { util } from './util';\nexport const b = a + util;\n",
    'src/app/util.js': 'export const util = 1;\n',
    'src/app/c.ts': "import { helper } from '@lib/helper';\nexport const c = helper;\n",
    'src/lib/named.ts': 'export const named = 1;\n',
    'src/lib/helper.ts': 'export const helper = 2;\n',
    'other/helper.ts': 'export const helper = 3;\n',
    'svc/app.py': 'import json\n',
    'docs/guide.md': '# Guide\n\nSee [a](../src/app/a.ts) and `src/app/b.ts`.\n',
  });
}

/** A scan whose start is a minute ahead: every file on disk is older than its racy window. */
async function settledScan(root: string, onProgress?: (stage: string, detail?: string) => void) {
  vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 60_000 });
  try {
    return await scan({ root, ...(onProgress ? { onProgress } : {}) });
  } finally {
    vi.useRealTimers();
    await tick();
  }
}

/** A cold scan of a copy of the tree, from the map.json before the last change (for its increments). */
async function cold(root: string, previousMap: Buffer) {
  const copy = tmpRepo({});
  cpSync(root, copy, { recursive: true, filter: (src) => !src.includes(`${path.sep}.proofmap`) });
  cpSync(path.join(root, '.proofmap/.gitignore'), path.join(copy, '.proofmap/.gitignore'));
  writeFileSync(path.join(copy, '.proofmap/map.json'), previousMap);
  const full = await scan({ root: copy });
  expect(full.mode).toBe('full');
  return copy;
}

const mapOf = (root: string) => readFileSync(path.join(root, '.proofmap/map.json'));
const edit = (root: string, rel: string, change: (text: string) => string) => {
  const file = path.join(root, rel);
  writeFileSync(file, change(readFileSync(file, 'utf8')));
};

type Step = [name: string, change: (root: string) => void, viaMoved: boolean];

/** Runs the steps one rescan each, and after each compares with a cold scan of the same tree. */
async function steps(list: Step[]) {
  const root = repo();
  const { details, onProgress } = discoverDetails();
  await settledScan(root, onProgress);
  for (const [name, change, viaMoved] of list) {
    const previousMap = mapOf(root);
    change(root);
    const result = await settledScan(root, onProgress);
    expect(result.mode, name).not.toBe('unchanged');
    expect(details.at(-1)?.endsWith('(moved stamps)'), `${name}: ${details.at(-1)}`).toBe(viaMoved);
    const copy = await cold(root, previousMap);
    expect(mapOf(root).toString('utf8'), name).toBe(mapOf(copy).toString('utf8'));
    expect(indexDump(root), name).toEqual(indexDump(copy));
  }
}

const appendComment = (rel: string) => (root: string) => edit(root, rel, (t) => `${t}// more\n`);

describe('a rescan from the moved stamps equals a cold scan', () => {
  it('after edits, one rescan after another', async () => {
    await steps([
      ['a comment appended', appendComment('src/app/a.ts'), true],
      ['an import added', (r) => edit(r, 'src/app/c.ts', (t) => `import { a } from './a';\n${t}a;\n`), true],
      ['the same file again', appendComment('src/app/c.ts'), true],
      [
        'two files at once',
        (r) => {
          appendComment('src/app/a.ts')(r);
          appendComment('src/app/b.ts')(r);
        },
        true,
      ],
      [
        'a document edited',
        (r) => edit(r, 'docs/guide.md', (t) => `${t}\nAlso [c](../src/app/c.ts).\n`),
        true,
      ],
    ]);
  });

  it('when documents follow a code file (a mentioned name, an anchor), loading their half', async () => {
    await steps([
      [
        'a document mentions a name to come, and links to a line',
        (r) => edit(r, 'docs/guide.md', (t) => `${t}\nSoon \`later\`, and [the line](../src/app/a.ts#L2).\n`),
        true,
      ],
      [
        'the mentioned name appears',
        (r) => edit(r, 'src/lib/helper.ts', (t) => `${t}export const later = 3;\n`),
        true,
      ],
      ['the linked line moves away', (r) => edit(r, 'src/app/a.ts', (t) => t.replace('\n', ' ')), true],
    ]);
  });

  it('around a new, a deleted and a renamed file, which a full discovery takes', async () => {
    await steps([
      ['an edit', appendComment('src/app/a.ts'), true],
      [
        'a new file',
        (r) => writeFileSync(path.join(r, 'src/app/d.ts'), "import { b } from './b';\nexport const d = b;\n"),
        false,
      ],
      ['an edit after the new file', appendComment('src/app/d.ts'), true],
      ['a deleted file', (r) => rmSync(path.join(r, 'src/app/d.ts')), false],
      ['an edit after the deletion', appendComment('src/app/b.ts'), true],
      [
        'a renamed file',
        (r) => renameSync(path.join(r, 'src/lib/named.ts'), path.join(r, 'src/lib/renamed.ts')),
        false,
      ],
      ['an edit after the rename', appendComment('src/app/c.ts'), true],
    ]);
  });

  it('when a new file changes what a specifier resolves to, and after it', async () => {
    await steps([
      ['an edit', appendComment('src/app/b.ts'), true],
      // './util' resolved to util.js; a util.ts beside it takes the specifier.
      [
        'util.ts added',
        (r) => writeFileSync(path.join(r, 'src/app/util.ts'), 'export const util = 5;\n'),
        false,
      ],
      ['an edit of the importer', appendComment('src/app/b.ts'), true],
      ['an edit of the new target', appendComment('src/app/util.ts'), true],
    ]);
  });

  it('when tsconfig paths change, and after it', async () => {
    await steps([
      ['an edit', appendComment('src/app/c.ts'), true],
      [
        'tsconfig paths point elsewhere',
        (r) =>
          writeFileSync(
            path.join(r, 'tsconfig.json'),
            '{"compilerOptions":{"baseUrl":".","paths":{"@lib/*":["other/*"]}}}\n',
          ),
        false,
      ],
      ['an edit after it', appendComment('src/app/c.ts'), true],
      ['package.json edited', (r) => edit(r, 'package.json', (t) => t.replace('1.0.0', '1.0.1')), false],
      ['an edit after that', appendComment('src/app/a.ts'), true],
    ]);
  });

  it('when the delta refuses the change (a Python edit): the full build rediscovers', async () => {
    await steps([
      ['a Python edit', (r) => edit(r, 'svc/app.py', (t) => `${t}import os\n`), true],
      ['an edit after it', appendComment('src/app/a.ts'), true],
    ]);
  });
});
