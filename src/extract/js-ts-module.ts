/**
 * Static imports, re-exports and exports from oxc's module record. The record comes without
 * deserialising the AST, which is most of the cost of a parse; the AST pass adds only what the
 * record lacks.
 */
import {
  ExportExportNameKind,
  ExportImportNameKind,
  ImportNameKind,
  type StaticExportEntry,
  type StaticImportEntry,
  type ValueSpan,
} from 'oxc-parser';
import type { ModuleRecord } from './js-ts-lazy.js';
import type { FactSink } from './js-ts-sink.js';
import { type Binding, recordUses } from './js-ts-uses.js';

/** The keyword that declares an exported value or type, read where oxc's entry starts. */
const DECLARATION_KEYWORD =
  /^(?:declare\s+)?(?:abstract\s+)?(?:async\s+)?(function|class|const|let|var|enum|type|interface|namespace|module)\b/;

/**
 * oxc marks `export declare function f` (and any `declare`) as a type export because it emits no
 * code; for callers it is a value, so declarations introduced by a value keyword are never
 * type-only. The keyword is read at the declaration, where oxc's entry starts.
 */
const VALUE_DECLARATION =
  /^(?:declare\s+)?(?:abstract\s+)?(?:const|let|var|using|function|async|class|enum|namespace|module|global)\b/;

/** `import type {} from 'x'` has no entries to carry the `type` flag. */
const EMPTY_TYPE_IMPORT = /^import\s+type\s*\{/;

export function recordModuleRecord(
  record: ModuleRecord,
  sink: FactSink,
  /** Bindings found elsewhere (require, import()), scanned for uses with these. */
  extraBindings: Binding[] = [],
  extraSkips: [number, number][] = [],
  /** `import x = require('y')` bindings (local → specifier): a later `export { x }` re-exports y. */
  importEquals: ReadonlyMap<string, string> = new Map(),
): void {
  const importStatements = new Set<number>();
  const bindings: Binding[] = [...extraBindings];
  const skips: [number, number][] = [...extraSkips];
  for (const statement of record.staticImports) {
    importStatements.add(statement.start);
    const { entries, moduleRequest } = statement;
    const typeOnly =
      entries.length > 0
        ? entries.every((entry) => entry.isType)
        : EMPTY_TYPE_IMPORT.test(sink.text.slice(statement.start, moduleRequest.start));
    const names = unique(entries.map(importedName));
    const fact = sink.addImport(
      typeOnly ? 'type-imports' : 'imports',
      moduleRequest.value,
      moduleRequest.start,
      names,
      typeOnly,
    );
    skips.push([statement.start, statement.end]);
    for (const entry of entries)
      bindings.push({
        local: entry.localName.value,
        imported: importedName(entry),
        fact,
        after: statement.end,
      });
  }

  // `import X from 'a'; export default X` is a local export for oxc (an expression), yet its value
  // is a's default: the binding says where it comes from.
  const imported = new Map<string, { specifier: string; name: string }>();
  for (const statement of record.staticImports)
    for (const entry of statement.entries)
      imported.set(entry.localName.value, {
        specifier: statement.moduleRequest.value,
        name: importedName(entry),
      });
  for (const [local, specifier] of importEquals) imported.set(local, { specifier, name: '*' });

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
      const name = exportedName(entry);
      sink.addExport(name, entry.exportName.start ?? entry.start, entryTypeOnly);
      const binding = entry.localName.name === null ? undefined : imported.get(entry.localName.name);
      if (entry.moduleRequest === null && binding) {
        sink.addOrigin(name, binding.specifier, binding.name, entry.exportName.start ?? entry.start);
      } else if (entry.moduleRequest === null) {
        const keyword = DECLARATION_KEYWORD.exec(head)?.[1];
        if (keyword) sink.addDeclared(name, keyword);
      } else if (name !== '*') {
        sink.addOrigin(
          name,
          entry.moduleRequest.value,
          reexportedName(entry),
          entry.exportName.start ?? entry.start,
        );
      }
      if (indirect || entry.moduleRequest === null) continue;
      request = entry.moduleRequest;
      names.push(reexportedName(entry));
      typeOnly &&= entry.isType;
    }
    if (request) sink.addImport('re-exports', request.value, request.start, unique(names), typeOnly);
  }
  recordUses(sink, bindings, skips);
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

function reexportedName(entry: Pick<StaticExportEntry, 'importName'>): string {
  return entry.importName.kind === ExportImportNameKind.Name ? (entry.importName.name ?? 'default') : '*';
}

function exportedName(entry: Pick<StaticExportEntry, 'exportName'>): string {
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
