/**
 * The TypeScript compiler's answer to "which declaration does this imported name land on", next to
 * proofmap's, for every (importing file, imported name) pair of a directory: named import
 * specifiers of each file, and — for a package entry — every name the compiler says it exports.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { extractModule, isCodePath } from '../../src/extract/js-ts.js';
import type { ImportFact, ModuleFacts } from '../../src/model/facts.js';
import { createResolver, syntaxOf } from '../../src/resolve/index.js';
import type { ExportGraph } from '../../src/symbols/exports.js';
import { ExportResolver, type Landing } from '../../src/symbols/index.js';

export interface Pair {
  from: string;
  name: string;
  compiler: string;
  proofmap: string;
}

function listFiles(root: string, dir = ''): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(path.join(root, dir)).sort()) {
    const rel = dir ? `${dir}/${entry}` : entry;
    if (statSync(path.join(root, rel)).isDirectory()) out.push(...listFiles(root, rel));
    else out.push(rel);
  }
  return out;
}

/** proofmap's export graph over the code files of `root` (facts and import targets), as a scan would build it. */
export function proofmapGraph(root: string): ExportGraph & { modules: Map<string, ModuleFacts> } {
  const files = listFiles(root);
  const texts = new Map(files.map((f) => [f, readFileSync(path.join(root, f), 'utf8')]));
  const modules = new Map<string, ModuleFacts>();
  for (const f of files) if (isCodePath(f)) modules.set(f, extractModule(f, texts.get(f)!));
  const resolver = createResolver({ root, files: new Set(files), readText: (rel) => texts.get(rel) });
  const targets = new Map<ImportFact, string | undefined>();
  const targetOf = (from: string, fact: ImportFact): string | undefined => {
    if (!targets.has(fact)) {
      const r = resolver.resolve(from, fact.specifier, {
        typeOnly: fact.typeOnly,
        syntax: syntaxOf(fact.relation),
      });
      targets.set(fact, r.kind === 'file' ? r.path : undefined);
    }
    return targets.get(fact);
  };
  return { modules, factsOf: (p) => modules.get(p), targetOf };
}

/** proofmap's export resolver over the code files of `root`, as a scan would build it. */
export function proofmapExports(root: string): ExportResolver {
  return new ExportResolver(proofmapGraph(root));
}

const describeLanding = (l: Landing): string =>
  l.kind === 'declaration'
    ? `${l.path}#${l.name === 'export=' ? '=' : l.name}`
    : l.kind === 'namespace'
      ? `${l.path}#*`
      : `(${l.kind})`;

function compilerProgram(root: string, rootNames: string[]): ts.Program {
  return ts.createProgram(
    rootNames.map((f) => path.join(root, f)),
    {
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.NodeNext,
      moduleResolution: ts.ModuleResolutionKind.NodeNext,
      allowJs: true,
      noEmit: true,
      skipLibCheck: true,
      types: [],
    },
  );
}

/** The declaration the compiler lands a symbol on, as `file#name` (`file#=` for `export =`, `#*` for a module). */
function compilerLanding(root: string, checker: ts.TypeChecker, symbol: ts.Symbol | undefined): string {
  let s = symbol;
  if (s && s.flags & ts.SymbolFlags.Alias) s = checker.getAliasedSymbol(s);
  const decl = s?.declarations?.[0];
  if (!s || !decl || s.flags & ts.SymbolFlags.Alias) return '(outside)';
  const file = path.relative(root, decl.getSourceFile().fileName).split(path.sep).join('/');
  if (file.startsWith('..')) return '(outside)';
  if (ts.isSourceFile(decl)) return `${file}#*`;
  // The names under which the declaring file exports this declaration (a local alias
  // `export { _lte as _max }` exports `_lte`'s declaration as `_max`); `=` for `export =`.
  const fileSymbol = checker.getSymbolAtLocation(decl.getSourceFile());
  const names: string[] = [];
  for (const e of fileSymbol ? checker.getExportsOfModule(fileSymbol) : []) {
    const target = e.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(e) : e;
    if (target === s) names.push(e.name);
  }
  const assigned = fileSymbol?.exports?.get(ts.escapeLeadingUnderscores('export='));
  if (assigned && (assigned === s || checker.getAliasedSymbol(assigned) === s)) names.push('=');
  if (names.length === 0) names.push(s.name);
  return names
    .sort()
    .map((n) => `${file}#${n}`)
    .join('|');
}

/** Whether proofmap's landing is one of the compiler's names for the same declaration. */
export const agrees = (p: Pair): boolean => p.compiler.split('|').includes(p.proofmap);

/** Every named import specifier of the code files under `root`. */
export function importPairs(root: string): Pair[] {
  const files = listFiles(root).filter(isCodePath);
  const program = compilerProgram(root, files);
  const checker = program.getTypeChecker();
  const ours = proofmapExports(root);
  const pairs: Pair[] = [];
  for (const rel of files) {
    const source = program.getSourceFile(path.join(root, rel));
    if (!source) continue;
    for (const statement of source.statements) {
      if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
      const bindings = statement.importClause?.namedBindings;
      if (!bindings || !ts.isNamedImports(bindings)) continue;
      const moduleSymbol = checker.getSymbolAtLocation(statement.moduleSpecifier);
      const target = moduleSymbol?.declarations?.[0]?.getSourceFile().fileName;
      if (!target) continue;
      const targetRel = path.relative(root, target).split(path.sep).join('/');
      for (const element of bindings.elements) {
        const name = (element.propertyName ?? element.name).text;
        pairs.push({
          from: rel,
          name,
          compiler: compilerLanding(root, checker, checker.getSymbolAtLocation(element.name)),
          proofmap: describeLanding(ours.resolve(targetRel, name)),
        });
      }
    }
  }
  return pairs;
}

/** Every name the compiler says `entry` exports, with where each lands, beside proofmap's. */
export function entryPairs(
  root: string,
  entry: string,
): { pairs: Pair[]; compilerNames: string[]; ourNames: string[] } {
  const program = compilerProgram(root, [entry]);
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(path.join(root, entry))!;
  const moduleSymbol = checker.getSymbolAtLocation(source)!;
  const exports = checker.getExportsOfModule(moduleSymbol);
  const ours = proofmapExports(root);
  const pairs = exports.map((symbol) => ({
    from: entry,
    name: symbol.name,
    compiler: compilerLanding(root, checker, symbol),
    proofmap: describeLanding(ours.resolve(entry, symbol.name)),
  }));
  return { pairs, compilerNames: exports.map((s) => s.name).sort(), ourNames: ours.exportNames(entry) };
}
