/** Small predicates over oxc's ESTree nodes, shared by the AST passes. */
import type { Node } from 'oxc-parser';

export function isIdentifier(node: Node, name: string): boolean {
  return node.type === 'Identifier' && node.name === name;
}

/** `object.property`, written with a dot. */
export function isMember(node: Node, object: string, property: string): boolean {
  return (
    node.type === 'MemberExpression' &&
    !node.computed &&
    isIdentifier(node.object, object) &&
    nameOf(node.property) === property
  );
}

/** The name an identifier or a string literal spells. */
export function nameOf(node: Node): string | undefined {
  return node.type === 'Identifier' ? node.name : stringValue(node);
}

export function stringValue(node: Node): string | undefined {
  return node.type === 'Literal' && typeof node.value === 'string' ? node.value : undefined;
}
