/**
 * One environment per import, chosen the way the compiler chooses it, so that an exports map
 * listing `"browser"` before `"import"` never sends a server file to the browser build:
 *
 * - conditions: `import` or `require` (by how the file loads it), the tsconfig's `customConditions`,
 *   `node` under node16/nodenext or with no tsconfig at all (Node runs the file), `types` for
 *   type-only imports, and always `default`. `browser` only when the config lists it.
 * - strict ESM: under node16/nodenext an ESM-format file's relative and `paths` specifiers get no
 *   extension or directory-index probing (tsc and Node both refuse `./x` there).
 *
 * The result depends on (governing tsconfig's moduleResolution + customConditions, the importing
 * file's module format, how the import is written, type-only or not): the resolver's caches key
 * on `key`.
 */
import type { RelationKind } from '../model/types.js';
import type { ConfigReading } from './tsconfig.js';

/** How the import is written: a static import/export, `import()`, or `require()`. */
export type ImportSyntax = 'static' | 'dynamic' | 'require';

/** ESM or CommonJS, by extension first, else the nearest package.json `type`. */
export type ModuleFormat = 'esm' | 'cjs';

export interface Environment {
  /** Export-map conditions accepted, most specific first (key order in the map decides among them). */
  conditions: string[];
  /** No extension or index probing for relative and `paths` specifiers (node16/nodenext ESM). */
  strictEsm: boolean;
  /** import | require: the condition that says how the module is loaded, for evidence. */
  loader: 'import' | 'require';
  /** Stable cache key of all the above. */
  key: string;
}

const NODE_RESOLUTIONS = new Set(['node16', 'nodenext']);

export function environmentFor(
  reading: Pick<ConfigReading, 'moduleResolution' | 'customConditions'> | undefined,
  format: ModuleFormat,
  syntax: ImportSyntax,
  typeOnly: boolean,
): Environment {
  const resolution = reading?.moduleResolution ?? 'none';
  const nodeStyle = NODE_RESOLUTIONS.has(resolution);
  // tsc under node16/nodenext emits a static import in a CommonJS file as require(); a bundler and
  // Node's ESM loader keep it an import. import() is always an import.
  const loader =
    syntax === 'require' || (syntax === 'static' && nodeStyle && format === 'cjs') ? 'require' : 'import';
  const conditions = [
    ...(typeOnly ? ['types'] : []),
    ...(nodeStyle || reading === undefined || resolution === 'node10' ? ['node'] : []),
    loader,
    ...(reading?.customConditions ?? []),
    'default',
  ];
  const unique = [...new Set(conditions)];
  const strictEsm = nodeStyle && loader === 'import' && format === 'esm';
  return { conditions: unique, strictEsm, loader, key: `${unique.join(',')}|${strictEsm ? 1 : 0}` };
}

/** The module format tsc and Node give a file: .mts/.mjs ESM, .cts/.cjs CommonJS, else the package `type`. */
export function moduleFormat(file: string, packageType: string | undefined): ModuleFormat {
  // The letter after the last dot: .mts/.mjs/.d.mts → m, .cts/.cjs/.d.cts → c (called per import,
  // so no regex). Only code files are asked, so `.css` never gets here.
  const lead = file.charCodeAt(file.lastIndexOf('.') + 1);
  if (lead === 109 && /\.m[jt]sx?$/.test(file)) return 'esm';
  if (lead === 99 && /\.c[jt]sx?$/.test(file)) return 'cjs';
  return packageType === 'module' ? 'esm' : 'cjs';
}

/** How an import fact is written, which decides between the `import` and `require` conditions. */
export function syntaxOf(relation: RelationKind): ImportSyntax {
  return relation === 'requires' ? 'require' : relation === 'dynamic-imports' ? 'dynamic' : 'static';
}
