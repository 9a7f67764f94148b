/**
 * CommonJS exports, best effort: `module.exports =`, `exports.x =`, `module.exports.x =`,
 * `exports['x'] =` and `Object.defineProperty(exports, 'x', …)`, wherever they appear (UMD
 * wrappers assign inside functions). `__esModule` is interop bookkeeping, not an export.
 */
import type { AssignmentExpression, CallExpression, Node, ObjectExpression } from 'oxc-parser';
import { isIdentifier, isMember, nameOf, stringValue } from './js-ts-nodes.js';
import type { FactSink } from './js-ts-sink.js';

export function recordExportAssignment(node: AssignmentExpression, sink: FactSink): void {
  if (node.operator !== '=') return;
  const target = node.left;
  if (isModuleExports(target)) {
    sink.addExport('default', node.start, false);
    if (node.right.type === 'ObjectExpression') recordObjectKeys(node.right, sink);
  } else if (target.type === 'MemberExpression' && isExportsObject(target.object)) {
    recordName(target.computed ? stringValue(target.property) : nameOf(target.property), node.start, sink);
  }
}

export function recordDefineProperty(node: CallExpression, sink: FactSink): void {
  const [object, name] = node.arguments;
  if (!isMember(node.callee, 'Object', 'defineProperty') || object === undefined || name === undefined)
    return;
  if (isExportsObject(object)) recordName(stringValue(name), node.start, sink);
}

/** `module.exports = { a, b }` also gives named exports: Node's CommonJS loader detects them. */
function recordObjectKeys(object: ObjectExpression, sink: FactSink): void {
  for (const property of object.properties) {
    if (property.type !== 'Property') continue;
    const name = property.computed ? stringValue(property.key) : nameOf(property.key);
    if (name !== undefined) sink.addExport(name, property.key.start, false);
  }
}

function recordName(name: string | undefined, offset: number, sink: FactSink): void {
  if (name !== undefined && name !== '__esModule') sink.addExport(name, offset, false);
}

function isModuleExports(node: Node): boolean {
  return isMember(node, 'module', 'exports');
}

function isExportsObject(node: Node): boolean {
  return isIdentifier(node, 'exports') || isModuleExports(node);
}
