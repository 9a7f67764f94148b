// biome-ignore-all lint/suspicious/noTemplateCurlyInString: these strings are TypeScript source we emit, not templates.
// Renders a planned module to source text. Bodies are plausible code of varied length, because
// parse time depends on how much code there is, not only on how many imports a file has.
import { createRandom } from './prng.js';

const STATIC = new Set([
  'named',
  'type',
  'inline-type',
  'namespace',
  'side-effect',
  'default',
  'reexport-named',
]);
const REEXPORT = new Set(['reexport-type', 'reexport-all']);

export function renderModule(m, seed) {
  const rnd = createRandom(seed * 7919 + m.id);
  if (m.kind === 'index') return renderIndex(m, rnd);
  if (m.kind === 'cjs') return renderCjs(m);
  if (m.kind === 'dts')
    return "declare module '*.svg' {\n  const url: string;\n  export default url;\n}\ndeclare module '*.css';\n";
  const out = [
    `// ${m.base}: ${m.kind === 'hotspot' ? 'shared helpers used across the workspace' : 'feature module'}.`,
  ];
  for (const i of m.imports) if (i.form === 'reference') out.push(`/// <reference path="${i.specifier}" />`);
  for (const i of m.imports) if (STATIC.has(i.form) || REEXPORT.has(i.form)) out.push(renderImport(i, m));
  out.push('');
  // Only bindings: re-exported names are not in scope, and dynamic imports bind inside a function.
  const bound = m.imports.filter((i) => STATIC.has(i.form) && i.form !== 'reexport-named');
  const used = bound.flatMap((i) => (i.form === 'namespace' || i.form === 'default' ? [i.local] : i.values));
  const usedTypes = bound.flatMap((i) => i.types ?? []);
  if (used.length > 0) out.push(`const wiring: readonly unknown[] = [${used.join(', ')}];`, '');
  for (const t of m.types) out.push(...renderType(t, rnd), '');
  if (usedTypes.length > 0) out.push(`export type Linked${m.id} = ${usedTypes.join(' | ')};`, '');
  for (const c of m.consts)
    out.push(
      `export const ${c} = { limit: ${rnd.int(5, 100)}, retries: ${rnd.int(1, 5)}, label: '${m.base}' } as const;`,
      '',
    );
  m.functions.forEach((f, k) => {
    out.push(...renderFunction(f, rnd, k === 0 && used.length > 0), '');
  });
  for (const c of m.classes) out.push(...renderClass(c, rnd), '');
  for (const c of m.components) out.push(...renderComponent(c, m), '');
  for (const i of m.imports) if (i.form === 'dynamic') out.push(...renderDynamic(i, m), '');
  for (const i of m.imports) if (i.form === 'dynamic-expr') out.push(...renderDynamicExpr(i, m), '');
  return `${out.join('\n').trimEnd()}\n`;
}

function renderImport(i, m) {
  const from = `from '${i.specifier}';`;
  const values = i.values ?? [];
  const types = (i.types ?? []).map((t) => `type ${t}`);
  // Re-exported names are renamed so that two `export *` paths never bring the same name twice.
  const renamed = (names) => names.map((n) => `${n} as ${n}Via${m.id}`).join(', ');
  switch (i.form) {
    case 'named':
      return `import { ${values.join(', ')} } ${from}`;
    case 'type':
      return `import type { ${i.types.join(', ')} } ${from}`;
    case 'inline-type':
      return `import { ${[...values, ...types].join(', ')} } ${from}`;
    case 'namespace':
      return `import * as ${i.local} ${from}`;
    case 'default':
      return `import ${i.local} ${from}`;
    case 'side-effect':
      return `import '${i.specifier}';`;
    case 'reexport-named':
      return `export { ${renamed(values)} } ${from}`;
    case 'reexport-type':
      return `export type { ${renamed(i.types)} } ${from}`;
    default:
      return i.local ? `export * as ${i.local} ${from}` : `export * ${from}`;
  }
}

function renderType(name, rnd) {
  if (name.includes('ViewProps'))
    return [`export interface ${name} {`, '  title: string;', '  items: readonly string[];', '}'];
  if (name.includes('Options'))
    return [`export interface ${name} {`, '  limit?: number;', '  strict?: boolean;', '}'];
  const fields = [
    'id: string;',
    'name: string;',
    'createdAt: number;',
    'tags: readonly string[];',
    'meta?: Record<string, unknown>;',
  ];
  return [`export interface ${name} {`, ...fields.slice(0, rnd.int(2, 5)).map((f) => `  ${f}`), '}'];
}

const BLOCKS = [
  () => [
    '  let total = 0;',
    '  for (const [index, part] of parts.entries()) {',
    '    total += part.length * (index + 1);',
    '  }',
    '  if (total > limit) {',
    '    return `${total}`;',
    '  }',
  ],
  () => [
    '  switch (parts[0]) {',
    "    case 'draft':",
    "      return 'pending';",
    "    case 'archived':",
    "      return parts.slice(1).join('/');",
    '    default:',
    '      break;',
    '  }',
  ],
  () => [
    '  try {',
    '    const parsed: unknown = JSON.parse(input);',
    "    if (typeof parsed === 'string') return parsed;",
    '  } catch (error) {',
    '    if (options.strict) throw new Error(`invalid input: ${String(error)}`);',
    '  }',
  ],
  () => [
    '  const seen = new Map<string, number>();',
    '  for (const part of parts) {',
    '    seen.set(part, (seen.get(part) ?? 0) + 1);',
    '  }',
    '  const repeated = [...seen].filter(([, n]) => n > 1).map(([key]) => key);',
    '  if (repeated.length > 0) return repeated.join(",");',
  ],
  () => [
    '  const sorted = [...parts].sort((a, b) => a.localeCompare(b));',
    "  const head = sorted.at(0) ?? '';",
    "  if (head.startsWith('_')) {",
    '    return head.slice(1);',
    '  }',
  ],
];

function renderFunction(name, rnd, useWiring) {
  const body = ["  const parts = input.split('/').filter(Boolean);", '  const limit = options.limit ?? 10;'];
  for (const block of rnd.sample(BLOCKS, rnd.int(1, 4))) body.push(...block());
  if (useWiring) body.push('  if (wiring.length === 0) return input;');
  body.push(
    `  return parts.slice(0, limit).map((part) => part.trim().toLowerCase()).join('${rnd.pick([':', '-', '/'])}');`,
  );
  const doc = `/** ${name
    .replace(/([A-Z])/g, ' $1')
    .toLowerCase()
    .trim()}. */`;
  return [
    doc,
    `export function ${name}(input: string, options: { limit?: number; strict?: boolean } = {}): string {`,
    ...body,
    '}',
  ];
}

function renderClass(name, rnd) {
  const methods = Array.from({ length: rnd.int(2, 5) }, (_, k) => [
    '',
    `  method${k}(key: string, value?: string): string | undefined {`,
    '    if (value !== undefined) this.items.set(key, value);',
    `    return this.items.get(key) ?? this.fallback${k};`,
    '  }',
  ]).flat();
  const fields = Array.from(
    { length: methods.length / 5 },
    (_, k) => `  private readonly fallback${k} = '${k}';`,
  );
  return [
    `export class ${name} {`,
    '  private readonly items = new Map<string, string>();',
    ...fields,
    ...methods,
    '}',
  ];
}

function renderComponent(name, m) {
  const props = m.types.find((t) => t.endsWith(`ViewProps${m.id}`));
  return [
    `export function ${name}({ title, items }: ${props}) {`,
    '  return (',
    `    <section className="${m.base}">`,
    '      <h2>{title}</h2>',
    '      <ul>',
    '        {items.map((item) => (',
    '          <li key={item}>{item}</li>',
    '        ))}',
    '      </ul>',
    '    </section>',
    '  );',
    '}',
  ];
}

function renderDynamic(i, m) {
  return [
    `export async function ${i.local}(): Promise<number> {`,
    `  const mod = await import('${i.specifier}');`,
    `  return Object.keys(mod).length + ${m.id};`,
    '}',
  ];
}

function renderDynamicExpr(i, m) {
  if (i.variant === 0) {
    return [
      `export async function loadLocale${m.id}(locale: string): Promise<unknown> {`,
      '  return import(`./locales/${locale}.js`);',
      '}',
    ];
  }
  return [
    `export async function loadPlugin${m.id}(name: string): Promise<unknown> {`,
    '  const specifier = `@bench/plugins/${name}`;',
    '  return import(specifier);',
    '}',
  ];
}

function renderIndex(m, rnd) {
  const out = [];
  for (const t of m.reexports) {
    const rel = t.dir === m.dir ? `./${t.base}` : `./${t.dir.slice(m.dir.length + 1)}`;
    const spec =
      t.kind === 'index' ? (rnd.chance(0.5) ? rel : `${rel}/index.js`) : rnd.chance(0.75) ? `${rel}.js` : rel;
    if (t.kind !== 'index' && rnd.chance(0.2)) {
      out.push(`export { ${t.valueNames.join(', ')} } from '${spec}';`);
      out.push(`export type { ${t.typeNames.join(', ')} } from '${spec}';`);
    } else {
      out.push(`export * from '${spec}';`);
    }
  }
  return `${out.join('\n')}\n`;
}

function renderCjs(m) {
  const out = [
    "'use strict';",
    `// ${m.base}.cjs: ${m.base} step for this package, run from package.json scripts.`,
  ];
  for (const i of m.imports) {
    if (i.form === 'require') out.push(`const ${i.local} = require('${i.specifier}');`);
  }
  if (m.imports.some((i) => i.form === 'require-expr')) {
    out.push("const plugin = require(process.env.RELEASE_PLUGIN || './shared.cjs');");
  }
  out.push(
    '',
    'function main(argv) {',
    "  const target = path.join(process.cwd(), argv[0] || 'dist');",
    '  return { target, args: argv.slice(1) };',
    '}',
    '',
    'module.exports = { main };',
    'if (require.main === module) main(process.argv.slice(2));',
  );
  return `${out.join('\n')}\n`;
}
