/**
 * Facts only the AST holds: require(), import(), `import x = require()`, `import('x').T` types,
 * `export {} from`, `export =`, imports inside `declare module 'x'` and CommonJS exports.
 * Strings and comments are not nodes here, so import-like text inside them never becomes a fact.
 */
import {
  type Argument,
  type CallExpression,
  type Node,
  type Program,
  type TSImportTypeQualifier,
  Visitor,
} from 'oxc-parser';
import type { ImportFact } from '../model/facts.js';
import { recordAmbientModule } from './js-ts-ambient.js';
import { recordDefineProperty, recordExportAssignment } from './js-ts-commonjs.js';
import { isIdentifier, isMember, nameOf } from './js-ts-nodes.js';
import type { FactSink } from './js-ts-sink.js';
import type { Binding } from './js-ts-uses.js';

/** How a load's value is bound, noted at the declarator (visited before the call inside it). */
export type LoadUse =
  | { kind: 'local'; local: string }
  | { kind: 'pattern'; names: { imported: string; local: string }[]; rest: boolean }
  | { kind: 'member'; name: string; offset: number };

/** Bindings of loaded modules for the uses scan, and the spans that bind them (not uses). */
export interface AstBindings {
  bindings: Binding[];
  skips: [number, number][];
  /** Top-level `import x = require('y')`: local name → specifier. */
  importEquals: Map<string, string>;
}

const DETAIL_MAX = 80;
/** Top-level statements that make a file a module for tsc (`export {}` included). */
const MODULE_STATEMENTS = new Set([
  'ImportDeclaration',
  'ExportNamedDeclaration',
  'ExportDefaultDeclaration',
  'ExportAllDeclaration',
  'TSExportAssignment',
]);
const isModuleStatement = (s: Program['body'][number]): boolean =>
  MODULE_STATEMENTS.has(s.type) ||
  (s.type === 'TSImportEqualsDeclaration' && s.moduleReference.type === 'TSExternalModuleReference');

/**
 * True when the AST may hold facts the module record lacks. Deserialising the AST costs about
 * twice the parse itself, so files without any of these words skip it; a false positive only
 * costs time, and each construct the AST pass records needs one of them in the text.
 */
export function needsAst(text: string, dynamicImports: number): boolean {
  return dynamicImports > 0 || AST_HINT.test(text);
}
const AST_HINT =
  /\brequire\b|\bexports\b|\bimport\s*\(|\bexport\s*=|\bexport\s*(?:type\s*)?\{\s*\}\s*from\b|\bdeclare\s+module\s*['"]/;

export function recordAst(program: Program, sink: FactSink): AstBindings {
  const bound: AstBindings = { bindings: [], skips: [], importEquals: new Map() };
  const loadUses = new WeakMap<Node, LoadUse>();
  const noteLoad = (init: Node | null | undefined, use: LoadUse): boolean => {
    const load = init && (init.type === 'AwaitExpression' ? init.argument : init);
    if (!load || !isLoad(load)) return false;
    loadUses.set(load, use);
    return true;
  };
  // Loads whose value is discarded (`require('./polyfill');`) import nothing by name, like a
  // side-effect `import`; statements are visited before their expressions.
  const discarded = new WeakSet<Node>();
  const isModule = program.body.some(isModuleStatement);
  const visitor = new Visitor({
    ExpressionStatement(node) {
      const value = node.expression.type === 'AwaitExpression' ? node.expression.argument : node.expression;
      discarded.add(value);
    },
    VariableDeclarator(node) {
      const use = declaredUse(node.id);
      if (use && noteLoad(node.init, use)) bound.skips.push([node.id.start, node.id.end]);
    },
    MemberExpression(node) {
      const name = node.computed ? undefined : nameOf(node.property);
      if (name !== undefined) noteLoad(node.object, { kind: 'member', name, offset: node.property.start });
    },
    ImportExpression(node) {
      const fact = recordLoad(sink, 'dynamic-imports', node.source, discarded.has(node) ? [] : ['*']);
      if (fact) bindUse(sink, bound, fact, loadUses.get(node));
    },
    CallExpression(node) {
      const fact = recordCall(sink, node, discarded.has(node));
      if (fact) bindUse(sink, bound, fact, loadUses.get(node));
    },
    TSImportEqualsDeclaration(node) {
      const reference = node.moduleReference;
      if (reference.type !== 'TSExternalModuleReference') return;
      const literal = reference.expression;
      const fact = sink.addImport(
        'requires',
        literal.value,
        literal.start,
        ['*'],
        node.importKind === 'type',
      );
      bound.bindings.push({ local: node.id.name, imported: '*', fact });
      bound.skips.push([node.start, node.end]);
      bound.importEquals.set(node.id.name, literal.value);
    },
    TSImportType(node) {
      const names = [node.qualifier ? qualifierHead(node.qualifier) : '*'];
      sink.addImport('type-imports', node.source.value, node.source.start, names, true);
    },
    TSModuleDeclaration(node) {
      recordAmbientModule(node, sink, isModule);
    },
    AssignmentExpression(node) {
      recordExportAssignment(node, sink);
    },
  });
  visitor.visit(program);
  // Top level only: inside `declare module 'x' {}` these belong to the declared module.
  for (const statement of program.body) {
    if (statement.type === 'TSExportAssignment') sink.addExport('export=', statement.start, false);
    // oxc's module record drops `export {} from 'x'`, yet it still loads 'x'.
    if (
      statement.type === 'ExportNamedDeclaration' &&
      statement.source &&
      statement.specifiers.length === 0
    ) {
      const { source } = statement;
      sink.addImport('re-exports', source.value, source.start, [], statement.exportKind === 'type');
    }
  }
  return bound;
}

function isLoad(node: Node): boolean {
  return (
    node.type === 'ImportExpression' ||
    (node.type === 'CallExpression' && isIdentifier(node.callee, 'require') && node.arguments.length > 0)
  );
}

/** `const x = …` binds a namespace; `const { a, b: c } = …` binds names; anything else, nothing known. */
function declaredUse(id: Node): LoadUse | undefined {
  if (id.type === 'Identifier') return { kind: 'local', local: id.name };
  if (id.type !== 'ObjectPattern') return undefined;
  const names: { imported: string; local: string }[] = [];
  let rest = false;
  for (const property of id.properties) {
    if (property.type === 'RestElement') {
      rest = true;
      continue;
    }
    const imported = property.computed ? undefined : nameOf(property.key);
    const value = property.value.type === 'AssignmentPattern' ? property.value.left : property.value;
    if (imported === undefined || value.type !== 'Identifier') rest = true;
    else names.push({ imported, local: value.name });
  }
  return { kind: 'pattern', names, rest };
}

export function bindUse(
  sink: FactSink,
  bound: AstBindings,
  fact: ImportFact,
  use: LoadUse | undefined,
): void {
  if (use === undefined) return;
  if (use.kind === 'local') bound.bindings.push({ local: use.local, imported: '*', fact });
  else if (use.kind === 'member') {
    fact.uses = [...(fact.uses ?? []), { name: use.name, line: sink.position(use.offset).line }];
  } else {
    for (const n of use.names) bound.bindings.push({ local: n.local, imported: n.imported, fact });
    if (use.rest) fact.escapes = true;
    else if (use.names.length === 0) fact.uses = [];
  }
}

function recordCall(sink: FactSink, node: CallExpression, isDiscarded: boolean): ImportFact | undefined {
  const { callee } = node;
  const [first] = node.arguments;
  if (first === undefined) return undefined;
  if (isIdentifier(callee, 'require')) {
    return recordLoad(sink, 'requires', first, isDiscarded ? [] : ['*']);
  }
  if (isMember(callee, 'require', 'resolve')) {
    // require.resolve names a module without loading it: a dependency that imports no names.
    recordLoad(sink, 'requires', first, []);
  } else {
    recordDefineProperty(node, sink);
  }
  return undefined;
}

function recordLoad(
  sink: FactSink,
  relation: 'requires' | 'dynamic-imports',
  argument: Argument,
  names: string[],
): ImportFact | undefined {
  if (argument.type === 'Literal' && typeof argument.value === 'string') {
    return sink.addImport(relation, argument.value, argument.start, names, false);
  }
  const cooked = argument.type === 'TemplateLiteral' && argument.expressions.length === 0;
  const value = cooked ? argument.quasis[0]?.value.cooked : undefined;
  if (typeof value === 'string') {
    return sink.addImport(relation, value, argument.start, names, false);
  }
  const what = relation === 'requires' ? 'require' : 'dynamic import';
  const detail = sink.text.slice(argument.start, argument.end).replace(/\s+/g, ' ').trim();
  sink.addUnknownTarget(
    argument.start,
    `non-literal ${what}: target not statically known`,
    detail.slice(0, DETAIL_MAX),
  );
  return undefined;
}

/** `import('x').A.B` uses the export A of 'x'. */
function qualifierHead(qualifier: TSImportTypeQualifier): string {
  return qualifier.type === 'Identifier' ? qualifier.name : qualifierHead(qualifier.left);
}
