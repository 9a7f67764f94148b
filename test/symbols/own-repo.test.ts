/**
 * On proofmap's own repository: `impact` of a file that src/index.ts re-exports lists exactly the
 * files the TypeScript compiler says use its exports, and the barrels that pass them through —
 * not every importer of those barrels (which import other names from them).
 */
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { impact, openSession, refs, type Session } from '../../src/index.js';
import { scan } from '../../src/scan.js';

const repoRoot = path.resolve(new URL('../..', import.meta.url).pathname);
const TARGET = 'src/query/cycles.ts';
const SKIP = new Set(['node_modules', 'dist', '.proofmap', '.git', 'test-artifacts', '.work']);

let root: string;
let session: Session;
beforeAll(async () => {
  root = mkdtempSync(path.join(os.tmpdir(), 'proofmap-own-'));
  cpSync(repoRoot, root, { recursive: true, filter: (src) => !SKIP.has(path.basename(src)) });
  await scan({ root });
  session = openSession(root);
}, 180_000);
afterAll(() => {
  session?.close();
  rmSync(root, { recursive: true, force: true });
});

function codeFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(path.join(root, dir)).sort()) {
    const rel = dir ? `${dir}/${entry}` : entry;
    if (statSync(path.join(root, rel)).isDirectory()) {
      if (rel !== 'test/fixtures') out.push(...codeFiles(rel));
    } else if (/\.(?:ts|mts|js|mjs)$/.test(entry) && !entry.endsWith('.d.ts')) out.push(rel);
  }
  return out;
}

/**
 * The compiler's users of TARGET's exports: named imports (and `import * as`) whose symbol lands
 * on a declaration in it, and the modules re-exporting from it. Only files naming an export of it
 * can use one by name, so the program is rooted at those.
 */
function compilerDependents(exported: readonly string[]): string[] {
  const word = new RegExp(`\\b(?:${exported.join('|')})\\b`);
  const roots = ['src', 'test', 'bench', 'scripts']
    .flatMap((d) => codeFiles(d))
    .filter((f) => word.test(readFileSync(path.join(root, f), 'utf8')));
  const program = ts.createProgram(
    roots.map((f) => path.join(root, f)),
    {
      module: ts.ModuleKind.NodeNext,
      moduleResolution: ts.ModuleResolutionKind.NodeNext,
      target: ts.ScriptTarget.ES2022,
      allowJs: true,
      noEmit: true,
      skipLibCheck: true,
      types: [],
    },
  );
  const checker = program.getTypeChecker();
  const target = path.join(root, TARGET);
  const fileOf = (s: ts.Symbol | undefined) => {
    const real = s && s.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(s) : s;
    return real?.declarations?.[0]?.getSourceFile().fileName;
  };
  const users = new Set<string>();
  for (const rel of roots) {
    const source = program.getSourceFile(path.join(root, rel));
    for (const statement of source?.statements ?? []) {
      const specifier =
        (ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement)) && statement.moduleSpecifier;
      if (!specifier || !ts.isStringLiteral(specifier)) continue;
      const module = checker.getSymbolAtLocation(specifier)?.declarations?.[0]?.getSourceFile().fileName;
      if (ts.isExportDeclaration(statement)) {
        if (module === target) users.add(rel);
        continue;
      }
      const bindings = statement.importClause?.namedBindings;
      if (bindings && ts.isNamespaceImport(bindings) && module === target) users.add(rel);
      if (bindings && ts.isNamedImports(bindings))
        for (const element of bindings.elements)
          if (fileOf(checker.getSymbolAtLocation(element.name)) === target) users.add(rel);
    }
  }
  return [...users].sort();
}

describe('symbols on proofmap’s own repository', () => {
  it(`impact ${TARGET}: exactly the compiler’s users and re-exporters, not every importer of src/index.ts`, () => {
    const exported = session
      .nodeAt(TARGET)!
      .exports!.filter((e) => e.declaration)
      .map((e) => e.name);
    expect(exported).toContain('cycles');
    const expected = compilerDependents(exported);
    const answer = impact(session, TARGET, { depth: 1, limit: 1000 });
    const ours = answer.items.map((i) => i.path).sort();
    expect(ours).toEqual(expected);
    // Not vacuous: src/index.ts re-exports it, and files importing other names from src/index.ts exist.
    expect(ours).toContain('src/index.ts');
    const indexImporters = session
      .edgesTo(session.nodeAt('src/index.ts')!.id)
      .map((e) => session.node(e.from)?.path)
      .filter((p): p is string => p !== undefined);
    const others = indexImporters.filter((p) => !expected.includes(p));
    expect(others.length).toBeGreaterThan(0);
    for (const p of others) expect(ours).not.toContain(p);
  }, 120_000);

  it('refs of the export name each user with its import line and first use', () => {
    const answer = refs(session, `${TARGET}#cycles`, { limit: 1000 });
    expect(answer.items.length).toBeGreaterThan(0);
    for (const item of answer.items) {
      expect(item.symbol).toBe(`${TARGET}#cycles`);
      expect(item.line).toBeGreaterThan(0);
      expect(item.first_use).toBeGreaterThanOrEqual(item.line!);
    }
  });
});
