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
import { recordAmbientModule } from './js-ts-ambient.js';
import { recordDefineProperty, recordExportAssignment } from './js-ts-commonjs.js';
import { isIdentifier, isMember } from './js-ts-nodes.js';
import type { FactSink } from './js-ts-sink.js';

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

export function recordAst(program: Program, sink: FactSink): void {
  // Loads whose value is discarded (`require('./polyfill');`) import nothing by name, like a
  // side-effect `import`; statements are visited before their expressions.
  const discarded = new WeakSet<Node>();
  const isModule = program.body.some(isModuleStatement);
  const visitor = new Visitor({
    ExpressionStatement(node) {
      const value = node.expression.type === 'AwaitExpression' ? node.expression.argument : node.expression;
      discarded.add(value);
    },
    ImportExpression(node) {
      recordLoad(sink, 'dynamic-imports', node.source, discarded.has(node) ? [] : ['*']);
    },
    CallExpression(node) {
      recordCall(sink, node, discarded.has(node));
    },
    TSImportEqualsDeclaration(node) {
      const reference = node.moduleReference;
      if (reference.type !== 'TSExternalModuleReference') return;
      const literal = reference.expression;
      sink.addImport('requires', literal.value, literal.start, ['*'], node.importKind === 'type');
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
}

function recordCall(sink: FactSink, node: CallExpression, isDiscarded: boolean): void {
  const { callee } = node;
  const [first] = node.arguments;
  if (first === undefined) return;
  if (isIdentifier(callee, 'require')) {
    recordLoad(sink, 'requires', first, isDiscarded ? [] : ['*']);
  } else if (isMember(callee, 'require', 'resolve')) {
    // require.resolve names a module without loading it: a dependency that imports no names.
    recordLoad(sink, 'requires', first, []);
  } else {
    recordDefineProperty(node, sink);
  }
}

function recordLoad(
  sink: FactSink,
  relation: 'requires' | 'dynamic-imports',
  argument: Argument,
  names: string[],
): void {
  if (argument.type === 'Literal' && typeof argument.value === 'string') {
    sink.addImport(relation, argument.value, argument.start, names, false);
    return;
  }
  const cooked = argument.type === 'TemplateLiteral' && argument.expressions.length === 0;
  const value = cooked ? argument.quasis[0]?.value.cooked : undefined;
  if (typeof value === 'string') {
    sink.addImport(relation, value, argument.start, names, false);
    return;
  }
  const what = relation === 'requires' ? 'require' : 'dynamic import';
  const detail = sink.text.slice(argument.start, argument.end).replace(/\s+/g, ' ').trim();
  sink.addUnknownTarget(
    argument.start,
    `non-literal ${what}: target not statically known`,
    detail.slice(0, DETAIL_MAX),
  );
}

/** `import('x').A.B` uses the export A of 'x'. */
function qualifierHead(qualifier: TSImportTypeQualifier): string {
  return qualifier.type === 'Identifier' ? qualifier.name : qualifierHead(qualifier.left);
}
