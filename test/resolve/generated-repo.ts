/**
 * Writes a synthetic monorepo for speed measurements: `packages` workspace packages, each with its
 * own tsconfig extending a shared base with paths, and `dirs × filesPerDir` files importing ten
 * specifiers each (relative, extension-mapped, alias, workspace, external, builtin).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export interface GeneratedImport {
  from: string;
  specifier: string;
}

export function generateRepo(root: string, packages = 20, dirs = 35, filesPerDir = 10): GeneratedImport[] {
  const write = (rel: string, text: string) => {
    mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    writeFileSync(path.join(root, rel), text);
  };
  const paths: Record<string, string[]> = {};
  for (let p = 0; p < packages; p++) paths[`@p${p}/*`] = [`packages/p${p}/src/*`];
  write('package.json', JSON.stringify({ name: 'gen', private: true, workspaces: ['packages/*'] }));
  write('tsconfig.base.json', JSON.stringify({ compilerOptions: { baseUrl: '.', paths } }));
  const imports: GeneratedImport[] = [];
  for (let p = 0; p < packages; p++) {
    const pkg = `packages/p${p}`;
    write(`${pkg}/package.json`, JSON.stringify({ name: `@gen/p${p}`, exports: { '.': './dist/index.js' } }));
    write(`${pkg}/tsconfig.json`, JSON.stringify({ extends: '../../tsconfig.base.json', include: ['src'] }));
    write(`${pkg}/src/index.ts`, 'export {};\n');
    for (let d = 0; d < dirs; d++) {
      for (let f = 0; f < filesPerDir; f++) {
        const from = `${pkg}/src/d${d}/f${f}.ts`;
        write(from, 'export {};\n');
        const other = (p + 1) % packages;
        for (const specifier of [
          `./f${(f + 1) % filesPerDir}.js`,
          `./f${(f + 2) % filesPerDir}`,
          `../d${(d + 1) % dirs}/f${f}.js`,
          `../d${(d + 3) % dirs}/f${(f + 5) % filesPerDir}.js`,
          `../index.js`,
          `@p${other}/d${d}/f${f}.js`,
          `@p${p}/d${(d + 7) % dirs}/f0`,
          `@gen/p${other}`,
          f % 2 === 0 ? 'react' : '@tanstack/query-core/build',
          'node:path',
        ])
          imports.push({ from, specifier });
      }
    }
  }
  return imports;
}
