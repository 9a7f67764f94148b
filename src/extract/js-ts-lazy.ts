/**
 * oxc's lazy raw transfer (Node ≥ 22): the parse leaves the AST in the parser's buffer and JS
 * reads only what it touches. Most files need their module record and comments alone, so this
 * copies those two into the plain shapes the JSON transfer gives and leaves the tree unread; the
 * eager raw transfer deserialised every node of every file (on a 7k-file repository ~3/4 of the
 * parse workers' time, most of it garbage collection). A file that needs the tree (parse errors,
 * an AST-only construct) is parsed again eagerly through `program`, so it gets exactly the AST it
 * always got. test/extract/js-ts-lazy.test.ts proves the copied record equal to the JSON one.
 */
import {
  type Comment,
  type DynamicImport,
  ExportExportNameKind,
  ExportImportNameKind,
  type ExportLocalName,
  ImportNameKind,
  type OxcError,
  type ParserOptions,
  type Program,
  parse,
  parseSync,
  type StaticExport,
  type StaticImport,
} from 'oxc-parser';

/** What the facts passes read of oxc's module record (a local export's kind is never read). */
export interface ModuleRecord {
  staticImports: StaticImport[];
  staticExports: (Omit<StaticExport, 'entries'> & {
    entries: (Omit<StaticExport['entries'][number], 'localName'> & {
      localName: Omit<ExportLocalName, 'kind'>;
    })[];
  })[];
  dynamicImports: DynamicImport[];
}

/** A parse result as the facts passes read it: the AST only on demand. */
export interface RecordParse {
  module: ModuleRecord;
  comments: Comment[];
  errors: OxcError[];
  readonly program: Program;
}

/** The lazy parse's own view of the buffer: class instances whose getters read it. */
interface LazyResult {
  module: LazyModule;
  comments: { type: 'Line' | 'Block'; start: number; end: number }[];
  errors: OxcError[];
  program: Program;
  dispose(): void;
}
type Lazy = { start: number; end: number; value?: string };
/** A name variant: a span with a name, a span without one (a default), or a unit variant. */
type LazyName = Lazy | string;
interface LazyModule {
  staticImports: { start: number; end: number; moduleRequest: Lazy; entries: LazyImportEntry[] }[];
  staticExports: { start: number; end: number; entries: LazyExportEntry[] }[];
  dynamicImports: { start: number; end: number; moduleRequest: Lazy }[];
}
interface LazyImportEntry {
  importName: LazyName;
  localName: Lazy;
  isType: boolean;
}
interface LazyExportEntry {
  start: number;
  end: number;
  moduleRequest: Lazy | null;
  importName: LazyName;
  exportName: LazyName;
  localName: LazyName;
  isType: boolean;
}

/** The lazy twin of an eager raw-transfer attempt. */
function lazyOptions(eager: ParserOptions): ParserOptions {
  const { experimentalRawTransfer: _eager, ...rest } = eager as ParserOptions & {
    experimentalRawTransfer?: true;
  };
  return { ...rest, experimentalLazy: true } as ParserOptions;
}

/** parseSync with the tree left in the buffer; `eager` are the options that read it whole. */
export function parseRecordSync(path: string, text: string, eager: ParserOptions): RecordParse {
  return copied(parseSync(path, text, lazyOptions(eager)) as unknown as LazyResult, path, text, eager);
}

/** The same on libuv's pool (the parse there, the copy on this thread). */
export async function parseRecord(path: string, text: string, eager: ParserOptions): Promise<RecordParse> {
  const result = (await parse(path, text, lazyOptions(eager))) as unknown as LazyResult;
  return copied(result, path, text, eager);
}

function copied(result: LazyResult, path: string, text: string, eager: ParserOptions): RecordParse {
  try {
    const errors = [...result.errors].map(plainError);
    const module = plainModule(result.module);
    // A lazy comment has no `value`: it is the text between the delimiters.
    const comments = [...result.comments].map(({ type, start, end }) => ({
      type,
      value: text.slice(start + 2, type === 'Line' ? end : end - 2),
      start,
      end,
    }));
    // The eager reader lists a JS file's hashbang as its first comment (not a TS file's): so here.
    const hashbang = text.startsWith('#!') && isJsAst(eager) ? result.program.hashbang : null;
    if (hashbang)
      comments.unshift({ type: 'Line', value: hashbang.value, start: hashbang.start, end: hashbang.end });
    let program: Program | undefined;
    return {
      module,
      comments,
      errors,
      get program() {
        program ??= parseSync(path, text, eager).program;
        return program;
      },
    };
  } finally {
    // The buffer goes back to oxc's cache now, not when a GC finds the result unreachable.
    result.dispose();
  }
}

const isJsAst = (options: ParserOptions) =>
  options.astType ? options.astType === 'js' : options.lang === 'js' || options.lang === 'jsx';

function plainError(error: OxcError): OxcError {
  return {
    severity: error.severity,
    message: error.message,
    labels: [...error.labels].map((l) => ({ message: l.message, start: l.start, end: l.end })),
    helpMessage: error.helpMessage,
    codeframe: error.codeframe,
  };
}

const span = (s: Lazy) => ({ value: s.value ?? '', start: s.start, end: s.end });
const isNamed = (name: LazyName): name is Lazy & { value: string } =>
  typeof name !== 'string' && 'value' in name;

function plainModule(record: LazyModule): ModuleRecord {
  return {
    staticImports: [...record.staticImports].map((s) => ({
      start: s.start,
      end: s.end,
      moduleRequest: span(s.moduleRequest),
      entries: [...s.entries].map((e) => ({
        importName: importName(e.importName),
        localName: span(e.localName),
        isType: e.isType,
      })),
    })),
    staticExports: [...record.staticExports].map((s) => ({
      start: s.start,
      end: s.end,
      entries: [...s.entries].map((e) => ({
        start: e.start,
        end: e.end,
        moduleRequest: e.moduleRequest === null ? null : span(e.moduleRequest),
        importName: exportImportName(e.importName),
        exportName: exportExportName(e.exportName),
        localName: isNamed(e.localName)
          ? { name: e.localName.value, start: e.localName.start, end: e.localName.end }
          : { name: null, start: null, end: null },
        isType: e.isType,
      })),
    })),
    dynamicImports: [...record.dynamicImports].map((d) => ({
      start: d.start,
      end: d.end,
      moduleRequest: { start: d.moduleRequest.start, end: d.moduleRequest.end },
    })),
  };
}

// Rust's variants as the lazy reader gives them: `Name(NameSpan)`, `Default(Span)`, and unit
// variants as strings; the JSON transfer spells each as { kind, name, start, end }.
function importName(name: LazyName): StaticImport['entries'][number]['importName'] {
  if (isNamed(name)) return { kind: ImportNameKind.Name, name: name.value, start: name.start, end: name.end };
  if (typeof name === 'string')
    return { kind: ImportNameKind.NamespaceObject, name: null, start: null, end: null };
  return { kind: ImportNameKind.Default, name: null, start: name.start, end: name.end };
}

function exportImportName(name: LazyName): StaticExport['entries'][number]['importName'] {
  if (isNamed(name))
    return { kind: ExportImportNameKind.Name, name: name.value, start: name.start, end: name.end };
  const kind =
    name === 'all'
      ? ExportImportNameKind.All
      : name === 'allButDefault'
        ? ExportImportNameKind.AllButDefault
        : ExportImportNameKind.None;
  return { kind, name: null, start: null, end: null };
}

function exportExportName(name: LazyName): StaticExport['entries'][number]['exportName'] {
  if (isNamed(name))
    return { kind: ExportExportNameKind.Name, name: name.value, start: name.start, end: name.end };
  if (typeof name === 'string')
    return { kind: ExportExportNameKind.None, name: null, start: null, end: null };
  return { kind: ExportExportNameKind.Default, name: null, start: name.start, end: name.end };
}
