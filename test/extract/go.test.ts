/** The Go extractor and the modfile reader, as tables: input snippet → expected facts. */
import { describe, expect, it } from 'vitest';
import { extractGoFiles, goCondition } from '../../src/extract/go.js';
import { extractGoManifest } from '../../src/extract/go-manifest.js';

describe('Go facts', () => {
  it.each([
    ['import "fmt"\n', [['fmt', undefined, 3]]],
    [
      'import (\n\t"a.com/x"\n\ty "b.com/y"\n)\n',
      [
        ['a.com/x', undefined, 4],
        ['b.com/y', 'y', 5],
      ],
    ],
    [
      'import . "strings"\nimport _ "embed"\n',
      [
        ['strings', '.', 3],
        ['embed', '_', 4],
      ],
    ],
    ['import `raw/path`\n', [['raw/path', undefined, 3]]],
    ['import "C"\n', [['C', undefined, 3]]],
    ['func f() {\n\t_ = "not/an/import"\n}\n', []],
  ])('%j', async (body, expected) => {
    const [facts] = await extractGoFiles([{ path: 'p/a.go', text: `package p\n\n${body}` }]);
    expect(facts!.package).toEqual({ name: 'p', line: 1 });
    expect(facts!.imports.map((i) => [i.path, i.alias, i.line])).toEqual(expected);
    expect(facts!.coverage).toEqual([]);
  });

  it('reads the build constraint only before the package clause', async () => {
    const [built, legacy, late] = await extractGoFiles([
      { path: 'a.go', text: '// Copyright.\n\n//go:build linux && !cgo\n\npackage a\n' },
      { path: 'b.go', text: '// +build darwin\n// +build amd64\n\npackage a\n' },
      { path: 'c.go', text: 'package a\n\n//go:build ignore\n' },
    ]);
    expect(built!.build).toBe('go:build linux && !cgo');
    expect(legacy!.build).toBe('+build darwin; amd64');
    expect(late!.build).toBeUndefined();
  });

  it('records syntax errors as partial coverage and unquotable paths as coverage', async () => {
    const [broken, escaped] = await extractGoFiles([
      { path: 'x/bad.go', text: 'package x\n\nimport "fmt"\n\nfunc (\n' },
      { path: 'x/esc.go', text: 'package x\n\nimport "a\\u0062c"\n' },
    ]);
    expect(broken!.imports.map((i) => i.path)).toEqual(['fmt']);
    expect(broken!.coverage[0]).toMatchObject({ analyzer: 'go', status: 'partial' });
    expect(escaped!.imports).toEqual([]);
    expect(escaped!.coverage[0]?.reason).toMatch(/escapes/);
  });

  it('exports package-scope capitalised names, not methods or lower-case ones', async () => {
    const text =
      'package a\n\nfunc F() {}\nfunc (t T) M() {}\nfunc g() {}\ntype (\n\tT struct{}\n\tu int\n)\ntype A = T\nvar V, w = 1, 2\nconst (\n\tC = iota\n\td\n)\n';
    const [facts] = await extractGoFiles([{ path: 'a.go', text }]);
    expect(facts!.exports.map((e) => e.name)).toEqual(['F', 'T', 'A', 'V', 'C']);
  });

  it.each([
    ['a/x.go', undefined, undefined],
    ['a/linux.go', undefined, undefined],
    ['a/x_linux.go', undefined, 'file:linux'],
    ['a/x_arm64.go', undefined, 'file:arm64'],
    ['a/x_windows_amd64.go', undefined, 'file:windows/amd64'],
    ['a/x_test.go', undefined, 'test'],
    ['a/x_linux_test.go', 'go:build cgo', 'file:linux, go:build cgo, test'],
  ])('the condition of %s', (path, build, expected) => {
    expect(goCondition(path, build)).toBe(expected);
  });
});

describe('go.mod and go.work', () => {
  it('reads module, require blocks and lines, indirect, and replaces (local or not)', () => {
    const m = extractGoManifest(
      'svc/go.mod',
      [
        'module "example.com/svc" // quoted',
        '',
        'go 1.21',
        '',
        'require example.com/one v1.0.0',
        'require (',
        '\texample.com/two v2.0.0 // indirect',
        '\t"example.com/three" v0.1.0',
        ')',
        'replace example.com/one v1.0.0 => ../one',
        'replace (',
        '\texample.com/two => example.com/fork v2.1.0',
        '\texample.com/far => ../../../outside',
        ')',
      ].join('\n'),
    );
    expect(m).toMatchObject({ kind: 'go.mod', module: 'example.com/svc', moduleLine: 1 });
    expect(m.requires.map((r) => [r.module, r.version, r.line, r.indirect])).toEqual([
      ['example.com/one', 'v1.0.0', 5, false],
      ['example.com/two', 'v2.0.0', 7, true],
      ['example.com/three', 'v0.1.0', 8, false],
    ]);
    expect(m.replaces.map((r) => [r.module, r.target, r.localDir, r.line])).toEqual([
      ['example.com/one', '../one', 'one', 10],
      ['example.com/two', 'example.com/fork', undefined, 12],
      ['example.com/far', '../../../outside', undefined, 13],
    ]);
    expect(m.coverage.map((c) => c.scope)).toEqual(['svc/go.mod:13']);
  });

  it('reads go.work use lines and blocks relative to its directory', () => {
    const w = extractGoManifest('ws/go.work', 'go 1.21\n\nuse ./a\nuse (\n\t./b/c\n\t.\n)\n');
    expect(w.uses).toEqual([
      { dir: 'ws/a', written: './a', line: 3 },
      { dir: 'ws/b/c', written: './b/c', line: 5 },
      { dir: 'ws', written: '.', line: 6 },
    ]);
  });
});
