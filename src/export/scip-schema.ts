/**
 * The part of the published SCIP schema (scip.proto, package `scip`) that proofmap writes,
 * declared as a protobuf file descriptor for @bufbuild/protobuf. Field numbers and types are
 * the published ones; fields proofmap never sets are left out, which protobuf allows (a reader
 * sees them as unset). Enums list only the values used: proto3 enums are open, so the numbers
 * on the wire are what matters.
 */
import { create, createFileRegistry, type DescMessage } from '@bufbuild/protobuf';
import { FileDescriptorProtoSchema } from '@bufbuild/protobuf/wkt';

const STRING = 9;
const INT32 = 5;
const MESSAGE = 11;
const ENUM = 14;
const ONE = 1;
const MANY = 3;

type Field = [name: string, number: number, type: number, label: number, typeName?: string];

type Enum = { name: string; value: { name: string; number: number }[] };

const message = (name: string, fields: Field[], enumType: Enum[] = []) => ({
  name,
  enumType,
  field: fields.map(([fieldName, number, type, label, typeName]) => ({
    name: fieldName,
    number,
    type,
    label,
    jsonName: fieldName.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase()),
    ...(typeName ? { typeName } : {}),
  })),
});

const file = create(FileDescriptorProtoSchema, {
  name: 'scip.proto',
  package: 'scip',
  syntax: 'proto3',
  messageType: [
    message('Index', [
      ['metadata', 1, MESSAGE, ONE, '.scip.Metadata'],
      ['documents', 2, MESSAGE, MANY, '.scip.Document'],
      ['external_symbols', 3, MESSAGE, MANY, '.scip.SymbolInformation'],
    ]),
    message('Metadata', [
      ['version', 1, ENUM, ONE, '.scip.ProtocolVersion'],
      ['tool_info', 2, MESSAGE, ONE, '.scip.ToolInfo'],
      ['project_root', 3, STRING, ONE],
      ['text_document_encoding', 4, ENUM, ONE, '.scip.TextEncoding'],
    ]),
    message('ToolInfo', [
      ['name', 1, STRING, ONE],
      ['version', 2, STRING, ONE],
      ['arguments', 3, STRING, MANY],
    ]),
    message('Document', [
      ['relative_path', 1, STRING, ONE],
      ['occurrences', 2, MESSAGE, MANY, '.scip.Occurrence'],
      ['symbols', 3, MESSAGE, MANY, '.scip.SymbolInformation'],
      ['language', 4, STRING, ONE],
    ]),
    message('Occurrence', [
      ['range', 1, INT32, MANY],
      ['symbol', 2, STRING, ONE],
      ['symbol_roles', 3, INT32, ONE],
    ]),
    message(
      'SymbolInformation',
      [
        ['symbol', 1, STRING, ONE],
        ['documentation', 3, STRING, MANY],
        ['kind', 5, ENUM, ONE, '.scip.SymbolInformation.Kind'],
        ['display_name', 6, STRING, ONE],
      ],
      [
        // The published numbers of the kinds proofmap uses.
        {
          name: 'Kind',
          value: [
            { name: 'UnspecifiedKind', number: 0 },
            { name: 'File', number: 16 },
            { name: 'Module', number: 29 },
            { name: 'Package', number: 35 },
          ],
        },
      ],
    ),
  ],
  enumType: [
    { name: 'ProtocolVersion', value: [{ name: 'UnspecifiedProtocolVersion', number: 0 }] },
    {
      name: 'TextEncoding',
      value: [
        { name: 'UnspecifiedTextEncoding', number: 0 },
        { name: 'UTF8', number: 1 },
        { name: 'UTF16', number: 2 },
      ],
    },
  ],
});
const registry = createFileRegistry(file, () => undefined);

function messageDesc(name: string): DescMessage {
  const desc = registry.getMessage(`scip.${name}`);
  if (!desc) throw new Error(`scip schema: no message ${name}`);
  return desc;
}

export const IndexDesc = messageDesc('Index');

/** SymbolRole bits (scip.proto). */
export const SYMBOL_ROLE = { definition: 1, import: 2 } as const;
/** SymbolInformation.Kind numbers (scip.proto). */
export const SYMBOL_KIND = { unspecified: 0, file: 16, module: 29, package: 35 } as const;
/** TextEncoding.UTF8. */
export const UTF8 = 1;
