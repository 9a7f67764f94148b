/**
 * Imports and re-exports inside `declare module 'x' { … }`. oxc's module record leaves them out
 * (they belong to the declared module), yet the declaring file still needs them for its types.
 * Exports there are the declared module's, not the file's, so none are recorded.
 *
 * In a module file (one with a top-level import or export) the declaration is an augmentation of
 * 'x', which tsc resolves like an import: the file depends on 'x', so that is a type-import of no
 * names. In a script file it declares an ambient module instead and depends on nothing.
 */
import type {
  ImportDeclaration,
  ModuleExportName,
  TSGlobalDeclaration,
  TSModuleDeclaration,
} from 'oxc-parser';
import type { FactSink } from './js-ts-sink.js';

export function recordAmbientModule(
  node: TSModuleDeclaration | TSGlobalDeclaration,
  sink: FactSink,
  isModule: boolean,
): void {
  if (node.id.type !== 'Literal') return;
  // A wildcard (`'*.css'`) names no module to augment; tsc reports it rather than resolving it.
  if (isModule && !node.id.value.includes('*'))
    sink.addImport('type-imports', node.id.value, node.id.start, [], true);
  if (!node.body) return; // `declare module '*.css';` has no body at all
  for (const statement of node.body.body) {
    if (statement.type === 'ImportDeclaration') {
      recordImport(statement, sink);
    } else if (statement.type === 'ExportAllDeclaration') {
      const { source } = statement;
      sink.addImport('re-exports', source.value, source.start, ['*'], statement.exportKind === 'type');
    } else if (statement.type === 'ExportNamedDeclaration' && statement.source !== null) {
      const { source, specifiers } = statement;
      const typeOnly =
        statement.exportKind === 'type' ||
        (specifiers.length > 0 && specifiers.every((s) => s.exportKind === 'type'));
      const names = unique(specifiers.map((s) => exportName(s.local)));
      sink.addImport('re-exports', source.value, source.start, names, typeOnly);
    }
  }
}

function recordImport(statement: ImportDeclaration, sink: FactSink): void {
  const { source, specifiers } = statement;
  const typeOnly =
    statement.importKind === 'type' ||
    (specifiers.length > 0 &&
      specifiers.every((s) => s.type === 'ImportSpecifier' && s.importKind === 'type'));
  const names = specifiers.map((s) =>
    s.type === 'ImportDefaultSpecifier'
      ? 'default'
      : s.type === 'ImportNamespaceSpecifier'
        ? '*'
        : exportName(s.imported),
  );
  sink.addImport(typeOnly ? 'type-imports' : 'imports', source.value, source.start, unique(names), typeOnly);
}

function exportName(name: ModuleExportName): string {
  return name.type === 'Identifier' ? name.name : name.value;
}

function unique(names: string[]): string[] {
  return [...new Set(names)];
}
