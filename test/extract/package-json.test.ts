import { describe, expect, it } from 'vitest';
import { extractPackageJson } from '../../src/extract/package-json.js';

const text = `{
  "name": "@acme/app",
  "version": "1.2.3",
  "main": "dist/index.js",
  "bin": { "acme": "bin/acme.js" },
  "exports": { ".": { "types": "./dist/index.d.ts", "import": "./dist/index.js" } },
  "scripts": {
    "build": "tsc -p .",
    "test": "node scripts/test.js"
  },
  "dependencies": { "react": "^19.0.0" },
  "devDependencies": { "vitest": "4.1.12" },
  "workspaces": ["packages/*"],
  "engines": { "node": ">=20" }
}
`;

describe('extractPackageJson', () => {
  const facts = extractPackageJson('package.json', text);
  it('reads identity, workspaces and engines', () => {
    expect(facts).toMatchObject({
      name: '@acme/app',
      version: '1.2.3',
      nameAt: { line: 2, column: 3 },
      workspaces: ['packages/*'],
      engines: { node: '>=20' },
    });
  });
  it('locates each dependency on its own line', () => {
    expect(facts.dependencies).toEqual([
      { name: 'react', range: '^19.0.0', field: 'dependencies', line: 11, column: 21 },
      { name: 'vitest', range: '4.1.12', field: 'devDependencies', line: 12, column: 24 },
    ]);
  });
  it('locates scripts and entry points', () => {
    expect(facts.scripts.map((s) => [s.name, s.line])).toEqual([
      ['build', 8],
      ['test', 9],
    ]);
    expect(facts.entries.map((e) => [e.field, e.target, e.line])).toEqual([
      ['main', 'dist/index.js', 4],
      ['bin.acme', 'bin/acme.js', 5],
      ['exports["."]["types"]', './dist/index.d.ts', 6],
      ['exports["."]["import"]', './dist/index.js', 6],
    ]);
  });
  it('records invalid JSON as failed coverage instead of throwing', () => {
    const bad = extractPackageJson('pkg/package.json', '{ "name": ');
    expect(bad.coverage).toEqual([
      expect.objectContaining({
        scope: 'pkg/package.json',
        status: 'failed',
        reason: expect.stringMatching(/^invalid JSON/),
      }),
    ]);
  });
});
