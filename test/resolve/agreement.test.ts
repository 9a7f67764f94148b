/**
 * Must show: on real code nobody here wrote, our file→file edges agree with the TypeScript
 * compiler's own resolution (ts.resolveModuleName with the file's compiler options). Precision and
 * recall over the set of internal (from, to) pairs must both reach 99%, type-only imports included.
 *
 * Two comparisons per target: the specifiers TypeScript's own parser finds on both sides
 * (resolution alone), then our extractor's specifiers on our side (extraction and resolution).
 * TypeScript's parser, not ts.preProcessFile: preProcessFile skips `export * as ns from` (26 zod
 * pairs) and cannot say which imports are type-only, which would leave our type-only path untested.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { extractModule } from '../../src/extract/js-ts.js';
import {
  createResolver,
  type ImportSyntax,
  type Resolver,
  type ResolverInput,
  syntaxOf,
} from '../../src/resolve/index.js';
import { inputFor } from './fixture.js';

interface Target {
  name: string;
  dir: string;
  /** Which files' imports are compared (all code files when absent). */
  importers?: (rel: string) => boolean;
  /** Which files exist for the comparison (all when absent), e.g. to leave out git-ignored output. */
  keep?: (rel: string) => boolean;
  options: () => ts.CompilerOptions;
}

interface Specifier {
  text: string;
  typeOnly: boolean;
  referencePath: boolean;
  /** How it is written, from our extractor (tsc's side passes its own resolution mode). */
  syntax?: ImportSyntax;
}

const repo = path.resolve(import.meta.dirname, '../..');
const nodeModules = path.join(repo, 'node_modules');
const CODE = /\.(?:[cm]?[jt]sx?)$/;

// Packages ship no tsconfig: resolve them as a bundler-minded tsc would, JavaScript included.
const packageOptions = (): ts.CompilerOptions => ({
  allowJs: true,
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  resolveJsonModule: true,
  noEmit: true,
});

const TARGETS: Target[] = [
  {
    name: 'proofmap (src, test, bench; NodeNext)',
    dir: repo,
    importers: (rel) => /^(?:src|test|bench)\//.test(rel) && !rel.startsWith('test/fixtures/'),
    keep: (rel) => !/^(?:bench\/\.work|test-artifacts)\//.test(rel),
    options: () =>
      ts.getParsedCommandLineOfConfigFile(path.join(repo, 'tsconfig.json'), {}, parseHost)?.options ?? {},
  },
  ...[
    'zod/src',
    'ajv/lib',
    '@modelcontextprotocol/sdk/dist/esm',
    'hono/dist',
    'dependency-cruiser',
    'micromark',
    'graphology-metrics',
    'graphology-utils',
  ].map((pkg) => ({ name: pkg, dir: path.join(nodeModules, pkg), options: packageOptions })),
  // CommonJS output under node10, where require() calls and the `require` condition decide.
  {
    name: '@modelcontextprotocol/sdk/dist/cjs (node10, require)',
    dir: path.join(nodeModules, '@modelcontextprotocol/sdk/dist/cjs'),
    options: () => ({ allowJs: true, module: ts.ModuleKind.CommonJS, resolveJsonModule: true, noEmit: true }),
  },
];

const parseHost: ts.ParseConfigFileHost = {
  ...ts.sys,
  onUnRecoverableConfigFileDiagnostic: () => {},
};

interface TscSpecifier extends Specifier {
  mode: ts.ResolutionMode;
}

/** What tsc resolves for a file: imports, exports, require, import(), import types, augmentations, reference paths. */
function tscSpecifiers(file: string, text: string, options: ts.CompilerOptions, format: ts.ResolutionMode) {
  const sf = ts.createSourceFile(
    file,
    text,
    { languageVersion: ts.ScriptTarget.Latest, impliedNodeFormat: format },
    true,
  );
  const out: TscSpecifier[] = sf.referencedFiles.map((r) => ({
    text: r.fileName,
    typeOnly: false,
    referencePath: true,
    mode: undefined,
  }));
  const add = (literal: ts.Node | undefined, typeOnly: boolean) => {
    if (literal && ts.isStringLiteralLike(literal))
      out.push({
        text: literal.text,
        typeOnly,
        referencePath: false,
        mode: ts.getModeForUsageLocation(sf, literal, options),
      });
  };
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node)) {
      const clause = node.importClause;
      const named =
        clause?.namedBindings && ts.isNamedImports(clause.namedBindings) ? clause.namedBindings.elements : [];
      const allTypes = !!clause && !clause.name && named.length > 0 && named.every((e) => e.isTypeOnly);
      add(node.moduleSpecifier, !!clause?.isTypeOnly || allTypes);
    } else if (ts.isExportDeclaration(node)) add(node.moduleSpecifier, node.isTypeOnly);
    else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference))
      add(node.moduleReference.expression, node.isTypeOnly);
    else if (
      ts.isCallExpression(node) &&
      (node.expression.kind === ts.SyntaxKind.ImportKeyword ||
        (ts.isIdentifier(node.expression) && node.expression.text === 'require'))
    )
      add(node.arguments[0], false);
    else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument))
      add(node.argument.literal, true);
    else if (ts.isModuleDeclaration(node) && ts.isStringLiteral(node.name) && ts.isExternalModule(sf))
      add(node.name, true);
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return out;
}

function extracted(rel: string, text: string): Specifier[] {
  return extractModule(rel, text).imports.map((f) => ({
    text: f.specifier,
    typeOnly: f.typeOnly,
    referencePath: f.referencePath === true,
    syntax: syntaxOf(f.relation),
  }));
}

/**
 * x.d.ts and x.js are one module: tsc lands a value import on the declarations, we on the code.
 * Both sides are keyed by the code file when it exists, so this difference is not counted.
 */
function moduleKey(files: ReadonlySet<string>, rel: string): string {
  const code = rel.replace(/\.d\.([cm]?)ts$/, '.$1js');
  return code !== rel && files.has(code) ? code : rel;
}

function tscPairs(input: ResolverInput, importers: string[], options: ts.CompilerOptions): Set<string> {
  const host: ts.ModuleResolutionHost = ts.sys;
  const cache = ts.createModuleResolutionCache(input.root, (f) => f, options);
  const pairs = new Set<string>();
  for (const from of importers) {
    const file = path.join(input.root, from);
    const mode = ts.getImpliedNodeFormatForFile(
      file as ts.Path,
      cache.getPackageJsonInfoCache(),
      host,
      options,
    );
    for (const s of tscSpecifiers(file, readFileSync(file, 'utf8'), options, mode)) {
      let resolved: string | undefined;
      if (s.referencePath) {
        const p = ts.resolveTripleslashReference(s.text, file);
        resolved = [p, `${p}.ts`, `${p}.tsx`, `${p}.d.ts`].find((c) => ts.sys.fileExists(c));
      } else {
        resolved = ts.resolveModuleName(s.text, file, options, host, cache, undefined, s.mode).resolvedModule
          ?.resolvedFileName;
      }
      const rel =
        resolved === undefined ? undefined : path.relative(input.root, resolved).split(path.sep).join('/');
      if (rel !== undefined && input.files.has(rel)) pairs.add(`${from} → ${moduleKey(input.files, rel)}`);
    }
  }
  return pairs;
}

function ourPairs(
  input: ResolverInput,
  resolver: Resolver,
  importers: string[],
  specifiers: (rel: string, text: string) => Specifier[],
): Set<string> {
  const pairs = new Set<string>();
  for (const from of importers) {
    for (const s of specifiers(from, input.readText(from) ?? '')) {
      const r = resolver.resolve(from, s.text, {
        typeOnly: s.typeOnly,
        referencePath: s.referencePath,
        ...(s.syntax ? { syntax: s.syntax } : {}),
      });
      if (r.kind === 'file') pairs.add(`${from} → ${moduleKey(input.files, r.path)}`);
    }
  }
  return pairs;
}

function score(ours: Set<string>, theirs: Set<string>) {
  const both = [...ours].filter((p) => theirs.has(p)).length;
  return {
    precision: ours.size === 0 ? 1 : both / ours.size,
    recall: theirs.size === 0 ? 1 : both / theirs.size,
    onlyOurs: [...ours].filter((p) => !theirs.has(p)).slice(0, 10),
    onlyTsc: [...theirs].filter((p) => !ours.has(p)).slice(0, 10),
  };
}

describe('agreement with the TypeScript compiler on real code', () => {
  for (const target of TARGETS) {
    it.skipIf(!existsSync(target.dir))(target.name, () => {
      const input = inputFor(target.dir, target.keep);
      const importers = [...input.files]
        .filter((f) => CODE.test(f) && (target.importers?.(f) ?? true))
        .sort();
      const resolver = createResolver(input);
      const theirs = tscPairs(input, importers, target.options());
      const options = target.options();
      const asTsc = (rel: string, text: string) =>
        tscSpecifiers(path.join(input.root, rel), text, options, undefined);
      const resolution = score(ourPairs(input, resolver, importers, asTsc), theirs);
      const endToEnd = score(ourPairs(input, resolver, importers, extracted), theirs);
      const pct = (x: number) => `${(x * 100).toFixed(2)}%`;
      console.log(
        `${target.name}: ${importers.length} files, ${theirs.size} tsc pairs; ` +
          `resolution P ${pct(resolution.precision)} R ${pct(resolution.recall)}; ` +
          `with extractModule P ${pct(endToEnd.precision)} R ${pct(endToEnd.recall)}`,
      );
      for (const [label, s] of [
        ['resolution', resolution],
        ['extract+resolve', endToEnd],
      ] as const)
        if (s.onlyOurs.length + s.onlyTsc.length > 0)
          console.log(`  ${label} only ours:`, s.onlyOurs, `\n  ${label} only tsc:`, s.onlyTsc);
      expect(theirs.size).toBeGreaterThan(0);
      expect(resolution.precision).toBeGreaterThanOrEqual(0.99);
      expect(resolution.recall).toBeGreaterThanOrEqual(0.99);
      expect(endToEnd.precision).toBeGreaterThanOrEqual(0.99);
      expect(endToEnd.recall).toBeGreaterThanOrEqual(0.99);
    });
  }
});
