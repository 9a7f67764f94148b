import { describe, expect, it } from 'vitest';
import { fileRole } from '../../src/discover/roles.js';

// Roles are decided by the file's name alone: the same name in any folder gets the same role, and
// a folder's name never gives a role to what it holds.
const cases: [string, string][] = [
  ['package.json', 'manifest'],
  ['packages/a/package.json', 'manifest'],
  ['apackage.json', 'asset'],
  ['crates/x/Cargo.toml', 'manifest'],
  ['aCargo.toml', 'other'],
  ['py/pyproject.toml', 'manifest'],
  ['requirements-dev.txt', 'manifest'],
  ['deps/requirements.txt', 'manifest'],
  ['notrequirements.txt', 'asset'],
  ['svc/go.mod', 'manifest'],
  ['go.work', 'manifest'],
  ['ago.mod', 'other'],
  ['tsconfig.json', 'config'],
  ['packages/a/tsconfig.build.json', 'config'],
  ['atsconfig.json', 'asset'],
  ['.github/CODEOWNERS', 'config'],
  ['src/.gitignore', 'config'],
  ['proofmap.config.yml', 'config'],
  ['src/a.TS', 'code'],
  ['src/b.cjs', 'code'],
  ['tsconfig.json/inside.ts', 'code'],
  ['docs/c.MDX', 'doc'],
  ['docs.md/readme', 'other'],
  ['public/logo.svg', 'asset'],
  ['bin/tool', 'other'],
];

describe('fileRole', () => {
  it.each(cases)('%s is %s', (path, role) => expect(fileRole(path)).toBe(role));
});
