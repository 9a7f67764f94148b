import { cpSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { cycles, openSession } from '../src/query/index.js';
import { scan } from '../src/scan.js';
import { LAST_SCAN, type LastScan } from '../src/scan-support.js';
import { openIndex } from '../src/store/index.js';
import { indexDump } from './helpers/index-dump.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});
const tmp = () => {
  const d = mkdtempSync(path.join(os.tmpdir(), 'proofmap-delta-'));
  dirs.push(d);
  return d;
};

/** A repository with shared external imports, docs that link and mention, and a decision record. */
function repo(): string {
  const root = tmp();
  cpSync(new URL('./fixtures/import-forms', import.meta.url), root, { recursive: true });
  cpSync(new URL('./fixtures/docs-adr-typed-links', import.meta.url), path.join(root, 'guide'), {
    recursive: true,
  });
  const files: Record<string, string> = {
    'src/app/a.ts':
      "import pad from 'left-pad';\nimport { named } from '../lib/named.js';\nexport const a = pad(named);\n",
    'src/app/b.ts': "import { a } from './a.js';\nimport pad from 'left-pad';\nexport const b = pad(a);\n",
    'src/app/c.ts': "import { b } from './b.js';\nexport function c() {\n  return b;\n}\n",
    // An imported-names finding through a barrel: src/index.ts re-exports lib/star.ts with *.
    'src/app/via-barrel.ts': "import { later } from '../index.js';\nexport const viaBarrel = later;\n",
    // A barrel whose chains other files' uses edges cite (symbols: via file:line).
    'src/app/barrel.ts': "export { a } from './a.js';\nexport * from './b.js';\n",
    'src/app/user.ts': "import { a, b } from './barrel.js';\nconsole.log(a, b);\n",
    // Two modules that `export *` each other: a walk meets the cycle (the delta asks the tables).
    'src/app/cyc-a.ts': "export * from './cyc-b.js';\nexport * from './b.js';\nexport const fromA = 1;\n",
    'src/app/cyc-b.ts': "export * from './cyc-a.js';\nexport const fromB = 2;\n",
    'src/app/cyc-user.ts': "import { b, fromB } from './cyc-a.js';\nconsole.log(b, fromB);\n",
    // Python beside JS/TS: a JS/TS delta must leave its edges as a full build has them.
    'svc/__init__.py': '',
    'svc/app.py': 'import json\nfrom svc import util\n',
    'svc/util.py': 'def f():\n    return 1\n',
    // Go too: package nodes, contains edges and go.mod's depends-on must survive a JS/TS delta.
    'gosvc/go.mod': 'module example.com/gosvc\n\ngo 1.19\n\nrequire github.com/pkg/errors v0.9.1\n',
    'gosvc/main.go':
      'package main\n\nimport (\n\t"fmt"\n\n\t"example.com/gosvc/store"\n)\n\nfunc main() { fmt.Println(store.Get()) }\n',
    'gosvc/store/store.go': 'package store\n\n// Get is exported.\nfunc Get() int { return 1 }\n',
    // Rust too: its module tree, use edges and Cargo.toml's depends-on must survive a JS/TS delta.
    'rscrate/Cargo.toml': '[package]\nname = "rscrate"\nversion = "0.1.0"\n\n[dependencies]\nserde = "1"\n',
    'rscrate/src/lib.rs': 'pub mod store;\n\nuse crate::store::get;\n\npub fn run() -> u8 {\n    get()\n}\n',
    'rscrate/src/store.rs': 'pub fn get() -> u8 {\n    1\n}\n',
    'docs/app.md':
      '# App\n\nSee [a](../src/app/a.ts) and `src/app/c.ts`, the function `c`, and `helperName` (to come).\n',
  };
  for (const [rel, text] of Object.entries(files)) {
    const abs = path.join(root, rel);
    mkdirSync(path.dirname(abs), { recursive: true });
    writeFileSync(abs, text);
  }
  return root;
}

const edit = (root: string, rel: string, change: (text: string) => string) => {
  const file = path.join(root, rel);
  writeFileSync(file, change(readFileSync(file, 'utf8')));
};

/**
 * Scans, applies the change, rescans (expecting a delta), then scans a copy of the changed tree
 * from nothing but the previous map.json (for its increments): maps and index rows must agree.
 */
async function deltaAndCold(root: string, change: () => void) {
  await scan({ root });
  const previous = readFileSync(path.join(root, '.proofmap/map.json'));
  change();
  const delta = await scan({ root });
  const cold = tmp();
  cpSync(root, cold, { recursive: true, filter: (src) => !src.includes(`${path.sep}.proofmap`) });
  cpSync(path.join(root, '.proofmap/.gitignore'), path.join(cold, '.proofmap/.gitignore'));
  writeFileSync(path.join(cold, '.proofmap/map.json'), previous);
  const full = await scan({ root: cold });
  return {
    delta,
    full,
    deltaBytes: readFileSync(path.join(root, '.proofmap/map.json'), 'utf8'),
    fullBytes: readFileSync(path.join(cold, '.proofmap/map.json'), 'utf8'),
    deltaIndex: indexDump(root),
    fullIndex: indexDump(cold),
  };
}

describe('a delta rescan equals a full build, map bytes and index rows', () => {
  it('has the symbol stage in its maps: barrel users carry uses edges with the chain', async () => {
    const root = repo();
    const { map } = await scan({ root });
    const user = map.edges.filter((e) => e.relation === 'uses' && e.evidence[0]!.path === 'src/app/user.ts');
    const key = (id: string) => map.nodes.find((n) => n.id === id)?.key;
    expect(user.map((e) => [key(e.to), e.names, e.evidence.map((x) => x.via)])).toEqual([
      ['src/app/a.ts', ['a'], ['src/app/barrel.ts:1']],
      ['src/app/b.ts', ['b'], ['src/app/barrel.ts:2']],
    ]);
  });

  it.each([
    ['a comment appended', 'src/app/c.ts', (t: string) => `${t}// more\n`],
    ['lines inserted above the imports', 'src/app/a.ts', (t: string) => `// header\n\n${t}`],
    [
      'an import of another file added',
      'src/app/c.ts',
      (t: string) => `import { a } from './a.js';\n${t}a;\n`,
    ],
    [
      'an import removed',
      'src/app/b.ts',
      (t: string) => t.replace("import { a } from './a.js';\n", 'const a = 1;\n'),
    ],
    [
      'an external package imported once more',
      'src/app/c.ts',
      (t: string) => `import pad from 'left-pad';\n${t}pad;\n`,
    ],
    ['the least importer of a package moved down', 'src/app/a.ts', (t: string) => `\n\n\n${t}`],
    [
      'an unresolvable import added',
      'src/app/c.ts',
      (t: string) => `import x from './nowhere.js';\n${t}x;\n`,
    ],
    ['a syntax error', 'src/app/c.ts', (t: string) => `${t}const broken = (;\n`],
    [
      'names imported through a barrel that re-exports with *',
      'src/app/c.ts',
      (t: string) => `import { all, starred } from '../index.js';\n${t}all; starred;\n`,
    ],
    [
      'a name a barrel does not export, through its star chain',
      'src/app/c.ts',
      (t: string) => `import { notInBarrel } from '../index.js';\n${t}notInBarrel;\n`,
    ],
    [
      'an import of a name its target does not export',
      'src/app/c.ts',
      (t: string) => `import { nothere } from './a.js';\n${t}nothere;\n`,
    ],
    [
      'a document edited: a link added',
      'docs/app.md',
      (t: string) => `${t}\nAlso [b](../src/app/b.ts) and \`src/app/a.ts\`.\n`,
    ],
    [
      'a document edited: a broken link added',
      'docs/app.md',
      (t: string) => `${t}\nGone: [x](./nowhere.md).\n`,
    ],
    [
      'a document edited: a link removed',
      'docs/app.md',
      (t: string) => t.replace('[a](../src/app/a.ts)', 'a'),
    ],
    [
      'lines inserted above the exports of a file used through a barrel',
      'src/lib/star.ts',
      (t: string) => `// a comment\n// and another\n${t}`,
    ],
    [
      'a name imported through a barrel, used two lines later',
      'src/app/b.ts',
      (t: string) => `import { all } from '../index.js';\n${t}\nconsole.log(all);\n`,
    ],
    [
      'a namespace import whose members are read',
      'src/app/c.ts',
      (t: string) => `import * as lib from '../lib/named.js';\n${t}console.log(lib.named);\n`,
    ],
    // Symbols present: what a file declares is its own node, what it uses its own edges.
    [
      'an export no document mentions added',
      'src/app/c.ts',
      (t: string) => `${t}export const extraThing = 1;\n`,
    ],
    [
      'the declaration of a name used through a barrel moved down',
      'src/app/a.ts',
      (t: string) => `// moved\n\n${t}`,
    ],
    [
      'a user of a barrel drops one of its names',
      'src/app/user.ts',
      (t: string) => t.replace('{ a, b }', '{ b }').replace('console.log(a, b)', 'console.log(b)'),
    ],
    ['a user of a barrel reads a name later', 'src/app/user.ts', (t: string) => `${t}\n\nconsole.log(a);\n`],
    [
      'a user of a re-export cycle reads a name later',
      'src/app/cyc-user.ts',
      (t: string) => `\n${t}console.log(b);\n`,
    ],
  ])('after %s', async (_name, rel, change) => {
    const root = repo();
    const r = await deltaAndCold(root, () => edit(root, rel, change));
    expect(r.delta.fullBecause).toBeUndefined();
    expect(r.delta.mode).toBe('delta');
    expect(r.full.mode).toBe('full');
    expect(r.deltaBytes).toBe(r.fullBytes);
    expect(r.deltaIndex).toEqual(r.fullIndex);
  });

  // A module nothing re-exports by name, with direct, namespace and lower-line importers: when its
  // exported names change, or a finding points at it, its importers are re-analysed in the delta.
  const tools = {
    'src/app/tools.ts':
      'export const fmt = (x: string) => x;\nexport function parse(x: string) {\n  return x;\n}\n',
    'src/app/use-tools.ts':
      "import { fmt, parse } from './tools.js';\nexport const both = fmt(parse('x'));\n",
    'src/app/use-fmt.ts':
      "import { fmt, missing } from './tools.js';\nexport const once = fmt(String(missing));\n",
    'src/app/all-tools.ts': "import * as t from './tools.js';\nexport const all = t.fmt(t.parse('y'));\n",
  };
  it.each([
    [
      'an export its importers name is renamed',
      (t: string) => t.replace('export function parse(', 'export function parseAll('),
    ],
    ['an export its importers name is removed', (t: string) => t.replace('export const fmt', 'const fmt')],
    ['an export settles the finding that points at it', (t: string) => `${t}export const missing = 1;\n`],
    ['a finding points at it and its first export moves down', (t: string) => `// header\n${t}`],
  ])('re-analyses the importers in the delta when %s', async (_name, change) => {
    const root = repo();
    for (const [rel, text] of Object.entries(tools)) writeFileSync(path.join(root, rel), text);
    const r = await deltaAndCold(root, () => edit(root, 'src/app/tools.ts', change));
    expect(r.delta.fullBecause).toBeUndefined();
    expect(r.delta.mode).toBe('delta');
    // The importers were read again; only tools.ts changed.
    expect(r.delta.parsed).toBe(4);
    expect(r.deltaBytes).toBe(r.fullBytes);
    expect(r.deltaIndex).toEqual(r.fullIndex);
    const map = JSON.parse(r.deltaBytes) as {
      findings: { target?: string }[];
      increments: { stale_node_ids: string[] }[];
    };
    expect(map.increments.at(-1)!.stale_node_ids).toHaveLength(1);
  });

  it('splices a file a finding points at alone when its exports and first export line stay', async () => {
    const root = repo();
    for (const [rel, text] of Object.entries(tools)) writeFileSync(path.join(root, rel), text);
    const r = await deltaAndCold(root, () => edit(root, 'src/app/tools.ts', (t) => `${t}// a comment\n`));
    expect(r.delta.fullBecause).toBeUndefined();
    expect(r.delta.mode).toBe('delta');
    expect(r.delta.parsed).toBe(1);
    expect(r.deltaBytes).toBe(r.fullBytes);
    expect(r.deltaIndex).toEqual(r.fullIndex);
    expect(
      JSON.parse(r.deltaBytes).findings.some((f: { target?: string }) => f.target === 'src/app/tools.ts'),
    ).toBe(true);
  });

  it.each([
    ['nothing more', {}],
    // A re-export by name is no use: no edge of it points at b.ts, yet its finding follows b's exports.
    [
      'a file passing the name on by name',
      { 'src/app/pass-on.ts': "export { b as bee } from './barrel.js';\n" },
    ],
  ] as [string, Record<string, string>][])(
    're-analyses the users behind a barrel that star-exports a file when an export goes, with %s',
    async (_name, before) => {
      const root = repo();
      for (const [rel, text] of Object.entries(before)) writeFileSync(path.join(root, rel), text);
      // c.ts imports b directly; barrel.ts and cyc-a.ts star-export b.ts; user.ts and cyc-user.ts use b through them.
      const r = await deltaAndCold(root, () =>
        edit(root, 'src/app/b.ts', (t) => t.replace('export const b =', 'const b =')),
      );
      expect(r.delta.fullBecause).toBeUndefined();
      expect(r.delta.mode).toBe('delta');
      expect(r.deltaBytes).toBe(r.fullBytes);
      expect(r.deltaIndex).toEqual(r.fullIndex);
    },
  );

  it.each([
    ['nobody names it yet', {}],
    [
      'a namespace of a barrel reads it before it exists',
      {
        'src/app/ns-user.ts':
          "import * as all from './barrel.js';\nexport const later = all.extraThing ?? all.a;\n",
      },
    ],
    [
      'a file imports it through a barrel whose other star is unknown (so no finding said it was missing)',
      {
        'src/app/open-barrel.ts': "export * from './b.js';\nexport * from './not-here.js';\n",
        'src/app/open-user.ts':
          "import { extraThing } from './open-barrel.js';\nexport const got = extraThing;\n",
      },
    ],
  ] as [string, Record<string, string>][])(
    'splices an export added to a file barrels star-export when %s',
    async (_name, before) => {
      const root = repo();
      for (const [rel, text] of Object.entries(before)) writeFileSync(path.join(root, rel), text);
      const r = await deltaAndCold(root, () =>
        edit(root, 'src/app/b.ts', (t) => `${t}export const extraThing = 1;\n`),
      );
      expect(r.delta.fullBecause).toBeUndefined();
      expect(r.delta.mode).toBe('delta');
      expect(r.deltaBytes).toBe(r.fullBytes);
      expect(r.deltaIndex).toEqual(r.fullIndex);
    },
  );

  it('re-analyses a barrel that re-exports the renamed name by name, and its users', async () => {
    const root = repo();
    // b.ts imports a; barrel.ts re-exports { a }; user.ts imports { a } through it.
    const r = await deltaAndCold(root, () =>
      edit(root, 'src/app/a.ts', (t) => t.replace('export const a =', 'export const renamed =')),
    );
    expect(r.delta.fullBecause).toBeUndefined();
    expect(r.delta.mode).toBe('delta');
    expect(r.deltaBytes).toBe(r.fullBytes);
    expect(r.deltaIndex).toEqual(r.fullIndex);
  });

  it('keeps a full build for a renamed name re-exported by name through two barrels (followers stop at one)', async () => {
    const root = repo();
    writeFileSync(path.join(root, 'src/app/outer.ts'), "export { a } from './barrel.js';\n");
    const r = await deltaAndCold(root, () =>
      edit(root, 'src/app/a.ts', (t) => t.replace('export const a =', 'export const renamed =')),
    );
    expect(r.delta.fullBecause).toMatch(/removed and other files import it/);
    expect(r.deltaBytes).toBe(r.fullBytes);
  });

  it('refuses to splice a removed export another file also exports behind a barrel (it was ambiguous there)', async () => {
    const root = repo();
    const files = {
      'src/app/amb-1.ts': 'export const dup = 1;\n',
      'src/app/amb-2.ts': 'export const dup = 2;\nexport const other = 3;\n',
      'src/app/amb.ts': "export * from './amb-1.js';\nexport * from './amb-2.js';\n",
      'src/app/amb-user.ts': "import { dup, other } from './amb.js';\nconsole.log(dup, other);\n",
    };
    for (const [rel, text] of Object.entries(files)) writeFileSync(path.join(root, rel), text);
    const r = await deltaAndCold(root, () =>
      edit(root, 'src/app/amb-1.ts', (t) => t.replace('export const dup', 'const dup')),
    );
    expect(r.delta.fullBecause).toMatch(/an exported name was removed and other files import it/);
    expect(r.deltaBytes).toBe(r.fullBytes);
  });

  it('splices two files changed at once', async () => {
    const root = repo();
    const r = await deltaAndCold(root, () => {
      edit(root, 'src/app/a.ts', (t) => `// top\n${t}`);
      edit(root, 'src/app/b.ts', (t) => `${t}// end\n`);
    });
    expect(r.delta.mode).toBe('delta');
    expect(r.delta.parsed).toBe(2);
    expect(r.deltaBytes).toBe(r.fullBytes);
    expect(r.deltaIndex).toEqual(r.fullIndex);
  });

  it.each([
    ['a new file with imports', 'src/app/report-totals.ts'],
    ['a new file in another folder', 'src/lib/format-totals.ts'],
  ])('adds %s without a full build', async (_name, rel) => {
    const root = repo();
    const r = await deltaAndCold(root, () =>
      writeFileSync(
        path.join(root, rel),
        "import pad from 'left-pad';\nimport { a } from '../app/a.js';\nexport const totals = pad(a);\n",
      ),
    );
    expect(r.delta.fullBecause).toBeUndefined();
    expect(r.delta.mode).toBe('delta');
    expect(r.deltaBytes).toBe(r.fullBytes);
    expect(r.deltaIndex).toEqual(r.fullIndex);
    // The next edit of the new file is a delta too, still equal to a full build.
    const next = await deltaAndCold(root, () => edit(root, rel, (t) => `${t}export const more = 1;\n`));
    expect(next.delta.mode).toBe('delta');
    expect(next.deltaBytes).toBe(next.fullBytes);
    expect(next.deltaIndex).toEqual(next.fullIndex);
  });

  it.each([
    ['a file nobody imports is deleted', (root: string) => rmSync(path.join(root, 'src/app/via-barrel.ts'))],
    ['a user of a barrel is deleted', (root: string) => rmSync(path.join(root, 'src/app/user.ts'))],
    [
      'a user of a barrel is renamed',
      (root: string) =>
        renameSync(path.join(root, 'src/app/user.ts'), path.join(root, 'src/app/consumer.ts')),
    ],
    [
      'a file using a name through a barrel is added',
      (root: string) =>
        writeFileSync(
          path.join(root, 'src/app/second-user.ts'),
          "import { b } from './barrel.js';\nexport const twice = [b, b];\n",
        ),
    ],
    ['a file another imports is deleted', (root: string) => rmSync(path.join(root, 'src/app/b.ts'))],
    [
      'a file is renamed',
      (root: string) =>
        renameSync(path.join(root, 'src/app/via-barrel.ts'), path.join(root, 'src/app/through-barrel.ts')),
    ],
  ])('splices it when %s', async (_name, change) => {
    const root = repo();
    const r = await deltaAndCold(root, () => change(root));
    expect(r.delta.fullBecause).toBeUndefined();
    expect(r.delta.mode).toBe('delta');
    expect(r.deltaBytes).toBe(r.fullBytes);
    expect(r.deltaIndex).toEqual(r.fullIndex);
  });

  it.each([
    [
      'a new file answers the specifier of an existing one',
      () => (root: string) => writeFileSync(path.join(root, 'src/app/a.tsx'), 'export const a = 2;\n'),
      /answers the same specifier/,
    ],
    [
      'a new file is what an unresolved import looked for',
      () => {
        return (root: string) =>
          writeFileSync(path.join(root, 'src/app/later-piece.ts'), 'export const later = 1;\n');
      },
      /names later-piece/,
      { 'src/app/e.ts': "import { later } from './later-piece.js';\nexport const e = later;\n" },
    ],
    [
      'a new file a document names',
      () => (root: string) =>
        writeFileSync(path.join(root, 'src/app/planned-step.ts'), 'export const step = 1;\n'),
      /a document names planned-step/,
      { 'docs/plan.md': '# Plan\n\nNext comes `src/app/planned-step.ts`.\n' },
    ],
    [
      'a new file in a zone the map does not have',
      () => (root: string) => {
        mkdirSync(path.join(root, 'tools'), { recursive: true });
        writeFileSync(path.join(root, 'tools/release-notes.ts'), 'export const notes = 1;\n');
      },
      /zone the map does not have/,
    ],
    [
      'a file a document links to is deleted',
      () => (root: string) => rmSync(path.join(root, 'src/app/a.ts')),
      /src\/app\/a.ts was removed, and docs\/app.md points at it/,
    ],
  ] as [string, () => (root: string) => void, RegExp, Record<string, string>?][])(
    'falls back to a full build, saying why, when %s',
    async (_name, make, why, before) => {
      const root = repo();
      for (const [rel, text] of Object.entries(before ?? {})) writeFileSync(path.join(root, rel), text);
      const r = await deltaAndCold(root, () => make()(root));
      expect(r.delta.mode).toBe('full');
      expect(r.delta.fullBecause).toMatch(why);
      expect(r.deltaBytes).toBe(r.fullBytes);
    },
  );

  it.each([
    [
      'an export another file also exports is added to a file a barrel star-exports (it may clash there)',
      () => (root: string) => edit(root, 'src/app/b.ts', (t) => `${t}export const named = 1;\n`),
      /named was added and a barrel re-exports it with \*/,
    ],
    [
      'a barrel that other files import moves its re-export lines',
      () => (root: string) => edit(root, 'src/app/barrel.ts', (t) => `// moved\n${t}`),
      /re-exports changed and other files import it/,
    ],
    [
      'an export that settles an imported-names finding appears behind a barrel',
      () => (root: string) => edit(root, 'src/lib/star.ts', (t) => `${t}export const later = 2;\n`),
      /added export later may settle/,
    ],
    [
      'a manifest changes',
      () => (root: string) =>
        edit(root, 'package.json', (t) => t.replace('"version": "1.0.0"', '"version": "1.0.1"')),
      /not a code file or a document/,
    ],
    [
      'a Python module changes',
      () => (root: string) => edit(root, 'svc/app.py', (t) => `${t}import os\n`),
      /svc\/app.py is not JavaScript\/TypeScript/,
    ],
    [
      'a Go file changes',
      () => (root: string) =>
        edit(root, 'gosvc/store/store.go', (t) =>
          t.replace('package store\n', 'package store\n\nimport "os"\n\nvar _ = os.Args\n'),
        ),
      /gosvc\/store\/store.go is not JavaScript\/TypeScript/,
    ],
    [
      'a Go file is added to a package',
      () => (root: string) =>
        writeFileSync(
          path.join(root, 'gosvc/store/extra.go'),
          'package store\n\nimport "strings"\n\nvar _ = strings.ToUpper\n',
        ),
      /files were added \(gosvc\/store\/extra.go/,
    ],
    [
      'a Rust file changes its mod set (the module tree every use resolves on)',
      () => (root: string) => edit(root, 'rscrate/src/lib.rs', (t) => `mod extra;\n${t}`),
      /rscrate\/src\/lib.rs is not JavaScript\/TypeScript/,
    ],
    [
      'a Rust file changes only a use',
      () => (root: string) => edit(root, 'rscrate/src/store.rs', (t) => `use std::fmt;\n${t}`),
      /rscrate\/src\/store.rs is not JavaScript\/TypeScript/,
    ],
    [
      'a Rust module file is added',
      () => (root: string) => writeFileSync(path.join(root, 'rscrate/src/extra.rs'), 'pub fn more() {}\n'),
      /files were added \(rscrate\/src\/extra.rs/,
    ],
    [
      'Cargo.toml changes',
      () => (root: string) =>
        edit(root, 'rscrate/Cargo.toml', (t) => t.replace('serde = "1"', 'serde = "1.0"')),
      /rscrate\/Cargo.toml is not a code file or a document/,
    ],
    [
      'go.mod changes',
      () => (root: string) => edit(root, 'gosvc/go.mod', (t) => t.replace('v0.9.1', 'v0.9.2')),
      /gosvc\/go.mod is not a code file or a document/,
    ],
    [
      'a package is imported for the first time',
      () => (root: string) => edit(root, 'src/app/c.ts', (t) => `import r from 'react';\n${t}r;\n`),
      /package the map does not have/,
    ],
  ])('falls back to a full build, saying why, when %s', async (_name, make, why) => {
    const root = repo();
    const r = await deltaAndCold(root, () => make()(root));
    expect(r.delta.mode).toBe('full');
    expect(r.delta.fullBecause).toMatch(why);
    expect(r.deltaBytes).toBe(r.fullBytes);
  });

  it.each([
    [
      'a line anchor that still holds',
      'src/app/c.ts#L2',
      'src/app/c.ts',
      (t: string) => `// moved down\n${t}`,
    ],
    [
      'a line anchor the edit makes good',
      'src/app/c.ts#L6',
      'src/app/c.ts',
      (t: string) => `// one\n// two\n${t}`,
    ],
    [
      'a line anchor the edit breaks',
      'src/app/c.ts#L4',
      'src/app/c.ts',
      (t: string) => t.replace('\n  return b;', ' return b;'),
    ],
    [
      'a heading anchor the edit renames',
      'docs/app.md#app',
      'docs/app.md',
      (t: string) => t.replace('# App', '# Application'),
    ],
    ['a heading anchor the edit adds', 'docs/app.md#later', 'docs/app.md', (t: string) => `${t}\n## Later\n`],
  ])('re-analyses the documents that link into a file with %s', async (_name, target, rel, change) => {
    const root = repo();
    const link = path.posix.relative('docs', target);
    writeFileSync(path.join(root, 'docs/lines.md'), `# Lines\n\nSee [the place](${link}).\n`);
    const r = await deltaAndCold(root, () => edit(root, rel, change));
    expect(r.delta.fullBecause).toBeUndefined();
    expect(r.delta.mode).toBe('delta');
    expect(r.deltaBytes).toBe(r.fullBytes);
    expect(r.deltaIndex).toEqual(r.fullIndex);
  });

  it.each([
    ['appears', (t: string) => `${t}export const helperName = 1;\n`],
    ['vanishes', (t: string) => t.replace('export function c()', 'function c()')],
  ])('re-analyses the documents mentioning an exported name that %s', async (_name, change) => {
    const root = repo();
    // docs/app.md mentions `c` and `helperName`.
    const r = await deltaAndCold(root, () => edit(root, 'src/app/c.ts', change));
    expect(r.delta.fullBecause).toBeUndefined();
    expect(r.delta.mode).toBe('delta');
    expect(r.delta.parsed).toBeGreaterThan(1);
    expect(r.deltaBytes).toBe(r.fullBytes);
    expect(r.deltaIndex).toEqual(r.fullIndex);
  });

  it('splices a document that links to a decision record (its node keyed by the record id)', async () => {
    const root = repo();
    writeFileSync(
      path.join(root, 'docs/decisions.md'),
      '# Decisions\n\nWe store in [SQLite](../guide/docs/adr/0003-use-sqlite-for-storage.md).\n',
    );
    const r = await deltaAndCold(root, () => edit(root, 'docs/decisions.md', (t) => `${t}\n## Later\n`));
    expect(r.delta.fullBecause).toBeUndefined();
    expect(r.delta.mode).toBe('delta');
    expect(r.deltaBytes).toBe(r.fullBytes);
    expect(r.deltaIndex).toEqual(r.fullIndex);
    expect(r.deltaBytes).toMatch(/"relation":"links-to"[^\n]*decisions\.md/);
  });

  it('splices a document whose headings change when no anchor points at them', async () => {
    const root = repo();
    const r = await deltaAndCold(root, () => edit(root, 'docs/app.md', (t) => `${t}\n## New section\n`));
    expect(r.delta.fullBecause).toBeUndefined();
    expect(r.delta.mode).toBe('delta');
    expect(r.delta.parsed).toBe(1);
    expect(r.deltaBytes).toBe(r.fullBytes);
    expect(r.deltaIndex).toEqual(r.fullIndex);
  });

  it('never splices into a map.json changed since the last scan', async () => {
    const root = repo();
    await scan({ root });
    const file = path.join(root, '.proofmap/map.json');
    writeFileSync(
      file,
      readFileSync(file, 'utf8').replace('"status": "confirmed"', '"status": "confirmed" '),
    );
    edit(root, 'src/app/c.ts', (t) => `${t}// more\n`);
    const again = await scan({ root });
    expect(again.mode).toBe('full');
    expect(again.fullBecause).toMatch(/map.json changed/);
    rmSync(file);
    edit(root, 'src/app/c.ts', (t) => `${t}// more\n`);
    expect((await scan({ root })).fullBecause).toMatch(/map.json changed/);
  });

  it('splices the same bytes with the spans table beside map.json and without it', async () => {
    const spans = (root: string) => path.join(root, '.proofmap/map-spans.bin');
    const withTable = repo();
    const a = await deltaAndCold(withTable, () => edit(withTable, 'src/app/c.ts', (t) => `${t}// more\n`));
    expect(a.delta.mode).toBe('delta');
    expect(a.deltaBytes).toBe(a.fullBytes);
    // The delta kept a table for its own map.json: the next delta opens it the same way.
    const store = openIndex(withTable, { readonly: true });
    const mapStamp = store.getSignals<LastScan>(LAST_SCAN)?.mapStamp;
    store.close();
    expect(mapStamp).toBeTruthy();
    expect(readFileSync(spans(withTable), 'latin1')).toContain(`"map":"${mapStamp}"`);
    const without = repo();
    const b = await deltaAndCold(without, () => {
      rmSync(spans(without));
      edit(without, 'src/app/c.ts', (t) => `${t}// more\n`);
    });
    expect(b.delta.mode).toBe('delta');
    expect(b.deltaBytes).toBe(b.fullBytes);
    expect(b.deltaBytes).toBe(a.deltaBytes.replaceAll(withTable, without));
  });

  it('keeps signals when the graph is unchanged and marks them lagging when it changed', async () => {
    const root = repo();
    await scan({ root });
    const full = openIndex(root, { readonly: true });
    const fullEpoch = full.epoch();
    full.close();
    edit(root, 'src/app/c.ts', (t) => `${t}// same graph\n`);
    expect((await scan({ root })).mode).toBe('delta');
    let store = openIndex(root, { readonly: true });
    expect(store.getSignals('signals')).toBeDefined();
    expect(store.getSignals('signals:lag')).toBeUndefined();
    store.close();
    edit(root, 'src/app/c.ts', (t) => `import { a } from './a.js';\n${t}a;\n`);
    expect((await scan({ root })).mode).toBe('delta');
    store = openIndex(root, { readonly: true });
    expect(store.getSignals('signals')).toBeDefined();
    expect(store.getSignals<{ epoch: number }>('signals:lag')?.epoch).toBe(fullEpoch);
    expect(store.epoch()).toBe(fullEpoch + 2);
    store.close();
    // Answers built on those signals say how old they are.
    const session = openSession(root);
    expect(cycles(session).notes?.join('\n')).toMatch(new RegExp(`computed at epoch ${fullEpoch}`));
    session.close();
    await scan({ root, force: true });
    const fresh = openSession(root);
    expect(cycles(fresh).notes ?? []).not.toContainEqual(expect.stringMatching(/computed at epoch/));
    fresh.close();
  });
});
