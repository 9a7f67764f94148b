/**
 * Static imports, re-exports and exports from oxc's module record. The record comes without
 * deserialising the AST, which is most of the cost of a parse; the AST pass adds only what the
 * record lacks.
 */
import {
  type EcmaScriptModule,
  ExportExportNameKind,
  ExportImportNameKind,
  ImportNameKind,
  type StaticExportEntry,
  type StaticImportEntry,
  type ValueSpan,
} from 'oxc-parser';
import type { FactSink } from './js-ts-sink.js';

/**
 * oxc marks `export declare function f` (and any `declare`) as a type export because it emits no
 * code; for callers it is a value, so declarations introduced by a value keyword are never
 * type-only. The keyword is read at the declaration, where oxc's entry starts.
 */
const VALUE_DECLARATION =
  /^(?:declare\s+)?(?:abstract\s+)?(?:const|let|var|using|function|async|class|enum|namespace|module|global)\b/;

/** `import type {} from 'x'` has no entries to carry the `type` flag. */
const EMPTY_TYPE_IMPORT = /^import\s+type\s*\{/;

export function recordModuleRecord(record: EcmaScriptModule, sink: FactSink): void {
  const importStatements = new Set<number>();
  for (const statement of record.staticImports) {
    importStatements.add(statement.start);
    const { entries, moduleRequest } = statement;
    const typeOnly =
      entries.length > 0
        ? entries.every((entry) => entry.isType)
        : EMPTY_TYPE_IMPORT.test(sink.text.slice(statement.start, moduleRequest.start));
    const names = unique(entries.map(importedName));
    sink.addImport(
      typeOnly ? 'type-imports' : 'imports',
      moduleRequest.value,
      moduleRequest.start,
      names,
      typeOnly,
    );
  }

  for (const statement of record.staticExports) {
    // `import x from 'a'; export { x }` is filed under the import statement's span (an indirect
    // export, in spec terms): a local export of x, not a re-export of 'a'.
    const indirect = importStatements.has(statement.start);
    let request: ValueSpan | undefined;
    const names: string[] = [];
    let typeOnly = true;
    for (const entry of statement.entries) {
      const head = sink.text.slice(entry.start, entry.start + 40);
      const entryTypeOnly = entry.isType && !VALUE_DECLARATION.test(head);
      sink.addExport(exportedName(entry), entry.exportName.start ?? entry.start, entryTypeOnly);
      if (indirect || entry.moduleRequest === null) continue;
      request = entry.moduleRequest;
      names.push(reexportedName(entry));
      typeOnly &&= entry.isType;
    }
    if (request) sink.addImport('re-exports', request.value, request.start, unique(names), typeOnly);
  }
}

function importedName(entry: StaticImportEntry): string {
  switch (entry.importName.kind) {
    case ImportNameKind.Default:
      return 'default';
    case ImportNameKind.NamespaceObject:
      return '*';
    default:
      return entry.importName.name ?? 'default';
  }
}

function reexportedName(entry: StaticExportEntry): string {
  return entry.importName.kind === ExportImportNameKind.Name ? (entry.importName.name ?? 'default') : '*';
}

function exportedName(entry: StaticExportEntry): string {
  switch (entry.exportName.kind) {
    case ExportExportNameKind.Default:
      return 'default';
    case ExportExportNameKind.None:
      return '*';
    default:
      return entry.exportName.name ?? 'default';
  }
}

function unique(names: string[]): string[] {
  return [...new Set(names)];
}
