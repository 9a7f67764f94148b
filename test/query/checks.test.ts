/** Checks offered to agents: the repository's package manager, nearest package's test first, nothing mutating, at most three. */
import { describe, expect, it } from 'vitest';
import { detectPackageManager, isUnattendedSafe, runScript } from '../../src/discover/package-manager.js';
import { checksFor } from '../../src/query/checks.js';
import { openSession } from '../../src/query/session.js';
import { scannedRepo } from './fixture.js';

const MONO = {
  'package.json': JSON.stringify({
    name: 'root',
    private: true,
    packageManager: 'pnpm@9.1.0',
    workspaces: ['packages/*'],
    scripts: { test: 'vitest run', 'lint:fix': 'biome check --write', lint: 'biome check', typecheck: 'tsc' },
  }),
  'pnpm-workspace.yaml': 'packages:\n  - packages/*\n',
  'packages/ui/package.json': JSON.stringify({
    name: 'ui',
    scripts: {
      'test:headed': 'playwright test --headed',
      'test:debug': 'vitest --inspect-brk',
      'test:watch': 'vitest --watch',
      lint: 'eslint .',
      'lint:fix': 'eslint . --fix',
      typecheck: 'tsc --noEmit',
      test: 'vitest run',
      dev: 'vite',
    },
  }),
  'packages/ui/src/button.ts': 'export const b = 1;\n',
};

describe('checks offered to agents', () => {
  it('uses pnpm, puts the nearest package test first, drops mutating/interactive scripts, caps at three', async () => {
    const session = openSession(await scannedRepo(MONO));
    const checks = checksFor(session, ['packages/ui/src/button.ts']);
    expect(checks.map((c) => c.run)).toEqual([
      'pnpm -C packages/ui test',
      'pnpm -C packages/ui run typecheck',
      'pnpm -C packages/ui run lint',
    ]);
    expect(checks[0]!.why).toMatch(/nearest package \(packages\/ui\).*pnpm from the packageManager field/);
    // A root file gets the root's scripts, still without lint:fix.
    expect(checksFor(session, ['package.json']).map((c) => c.run)).toEqual([
      'pnpm test',
      'pnpm run typecheck',
      'pnpm run lint',
    ]);
    session.close();
  });

  it('detects the package manager from the lockfile when there is no packageManager field', () => {
    const files: Record<string, string> = { 'package.json': '{}', 'yarn.lock': '' };
    expect(detectPackageManager((f) => files[f]).name).toBe('yarn');
    expect(detectPackageManager((f) => ({ 'bun.lock': '' })[f]).name).toBe('bun');
    expect(detectPackageManager(() => undefined).name).toBe('npm');
    expect(runScript('yarn', 'lint', 'apps/web')).toBe('yarn --cwd apps/web run lint');
  });

  it('rejects scripts that write files or wait for a person', () => {
    for (const [name, command] of [
      ['lint:fix', 'eslint .'],
      ['format', 'prettier -w .'],
      ['test:e2e:headed', 'playwright test'],
      ['test:debug', 'node --inspect-brk x'],
      ['test', 'jest --watch'],
      ['lint', 'eslint . --fix'],
      ['test:update', 'vitest -u'],
    ])
      expect(isUnattendedSafe(name!, command!), `${name}: ${command}`).toBe(false);
    expect(isUnattendedSafe('test', 'vitest run')).toBe(true);
    expect(isUnattendedSafe('lint', 'biome check .')).toBe(true);
  });
});
