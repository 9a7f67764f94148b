/** `proofmap init` on small monorepos, one per framework: what it proposes, what it writes, what check then says. */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/discover/config.js';
import { proposeConfig } from '../../src/init/propose.js';
import { runCli } from '../helpers/cli.js';
import { tmpRepo } from '../helpers/tmp-repo.js';

const page = 'export default function Page() { return null; }\n';
const json = (v: unknown) => JSON.stringify(v, null, 2);

const MONOREPO = {
  'package.json': json({
    name: 'root',
    private: true,
    packageManager: 'pnpm@9.0.0',
    scripts: { test: 'vitest run' },
  }),
  'pnpm-workspace.yaml': 'packages:\n  - apps/*\n  - packages/*\n',
  'apps/web/package.json': json({
    name: 'web',
    dependencies: { next: '14.2.0' },
    scripts: { test: 'vitest run', dev: 'next dev' },
  }),
  'apps/web/app/page.tsx': page,
  'apps/web/app/blog/[slug]/page.tsx': page,
  'apps/web/app/layout.tsx': page,
  'apps/web/pages/legacy.tsx': page,
  'apps/web/middleware.ts': 'export function middleware() {}\n',
  'apps/remix/package.json': json({ name: 'remix-app', dependencies: { '@remix-run/react': '2.0.0' } }),
  'apps/remix/app/root.tsx': page,
  'apps/remix/app/routes/_index.tsx': page,
  'apps/astro/package.json': json({ name: 'astro-site', dependencies: { astro: '4.0.0' } }),
  'apps/astro/src/pages/index.astro': '---\n---\n<h1>hi</h1>\n',
  'apps/astro/src/pages/feed.xml.ts': 'export function GET() {}\n',
  'apps/kit/package.json': json({ name: 'kit', devDependencies: { '@sveltejs/kit': '2.0.0' } }),
  'apps/kit/src/routes/+page.svelte': '<h1>hi</h1>\n',
  'apps/kit/src/routes/+page.ts': page,
  'apps/spa/package.json': json({ name: 'spa', devDependencies: { vite: '5.0.0' } }),
  'apps/spa/index.html':
    '<!doctype html><div id="app"></div><script type="module" src="/src/boot.tsx"></script>\n',
  'apps/spa/src/boot.tsx': page,
  'packages/icons/package.json': json({
    name: '@acme/icons',
    exports: {
      '.': './src/index.ts',
      './icons/*': { types: './src/icons/*.ts', default: './src/icons/*.ts' },
    },
    bin: { icons: './bin/cli.js' },
  }),
  'packages/icons/src/index.ts': 'export const i = 1;\n',
  'packages/icons/src/icons/arrow.ts': 'export const arrow = 1;\n',
  'packages/icons/src/icons/solid/star.ts': 'export const star = 1;\n',
  'packages/icons/bin/cli.js': '#!/usr/bin/env node\n',
};

describe('proposeConfig', () => {
  it('areas per package, framework entries that match files, Vite script, exports wildcards, pnpm checks', () => {
    const files = Object.keys(MONOREPO);
    const { config, reasons } = proposeConfig(files, (f) => (MONOREPO as Record<string, string>)[f]);
    expect(config.areas).toEqual([
      { name: 'astro-site', path: 'apps/astro/**' },
      { name: 'kit', path: 'apps/kit/**' },
      { name: 'remix-app', path: 'apps/remix/**' },
      { name: 'spa', path: 'apps/spa/**' },
      { name: 'web', path: 'apps/web/**' },
      { name: '@acme/icons', path: 'packages/icons/**' },
    ]);
    const entries = config.entries ?? [];
    expect(entries).toContain('apps/spa/src/boot.tsx');
    expect(entries).toContain('packages/icons/src/icons/**/*.ts');
    expect(entries).toContain('packages/icons/bin/cli.js');
    expect(entries.some((e) => e.startsWith('apps/web/app/**/'))).toBe(true);
    expect(entries.some((e) => e.startsWith('apps/web/pages/**'))).toBe(true);
    expect(entries.some((e) => e.startsWith('apps/kit/src/routes/**/+*'))).toBe(true);
    expect(entries.some((e) => e.startsWith('apps/astro/src/pages/**'))).toBe(true);
    expect(entries.some((e) => e.startsWith('apps/remix/app/routes/**'))).toBe(true);
    // No glob for conventions the package does not use (Next's src/app: no such files).
    expect(entries.some((e) => e.startsWith('apps/web/src/'))).toBe(false);
    expect(config.checks).toEqual([
      { path: 'apps/web/**', run: 'pnpm -C apps/web test' },
      { path: '**', run: 'pnpm test' },
    ]);
    expect(reasons.join('\n')).toMatch(/pnpm, from the packageManager field/);
    expect([...entries].sort()).toEqual(entries);
  });

  it('--areas packages writes the shorthand, and check expands it into one area per package', async () => {
    const dir = tmpRepo(MONOREPO);
    expect((await runCli(['init', dir, '--areas', 'packages'])).exitCode).toBe(0);
    const config = JSON.parse(readFileSync(path.join(dir, 'proofmap.config.json'), 'utf8'));
    expect(config.areas).toBe('packages');
    // A rule naming a package area resolves (it would be an unknown-node error otherwise).
    const withRule = {
      ...config,
      rules: [{ kind: 'forbidden', from: { area: 'web' }, to: { area: 'kit' } }],
    };
    const { writeFileSync } = await import('node:fs');
    writeFileSync(path.join(dir, 'proofmap.config.json'), json(withRule));
    const r = await runCli(['check', dir, '--format', 'json']);
    expect(JSON.parse(r.stdout).problems.filter((p: { code: string }) => p.code === 'unknown-node')).toEqual(
      [],
    );
  });
});

describe('proofmap init', () => {
  it('--dry-run prints a valid config and writes nothing', async () => {
    const dir = tmpRepo(MONOREPO);
    const r = await runCli(['init', dir, '--dry-run']);
    expect(r.exitCode).toBe(0);
    expect(JSON.parse(r.stdout).areas).toHaveLength(6);
    expect(r.stderr).toMatch(/proofmap init: entries: Next\.js conventions in apps\/web\/package\.json/);
    expect(existsSync(path.join(dir, 'proofmap.config.json'))).toBe(false);
  });

  it('writes a config that loads, refuses to overwrite without --force, and check then finds no unreachable route', async () => {
    const dir = tmpRepo(MONOREPO);
    const r = await runCli(['init', dir]);
    expect(r.exitCode).toBe(0);
    expect(loadConfig(dir).config.areas).toHaveLength(6);
    const again = await runCli(['init', dir]);
    expect(again.exitCode).toBe(2);
    expect(again.stderr).toMatch(/already exists.*--force/);
    expect((await runCli(['init', dir, '--force'])).exitCode).toBe(0);
    const check = await runCli(['check', dir, '--format', 'json']);
    const unreachable = JSON.parse(check.stdout)
      .problems.filter((p: { code: string }) => p.code === 'unreachable-module')
      .map((p: { node: string }) => p.node);
    expect(unreachable).toEqual([]);
  });

  it('bad flags are usage errors', async () => {
    expect((await runCli(['init', '--areas', 'zones'])).exitCode).toBe(2);
    expect(
      (await runCli(['init', tmpRepo(MONOREPO), '--agent', 'claude', '--areas', 'packages'])).exitCode,
    ).toBe(2);
    expect((await runCli(['init', tmpRepo(MONOREPO), '--agent', 'vim'])).exitCode).toBe(2);
  });
});

describe('proofmap init per package manager, on a React Router 7 app', () => {
  const app = (lockfile: Record<string, string>) => ({
    'package.json': json({
      name: 'rr',
      private: true,
      dependencies: { 'react-router': '7.0.0', '@react-router/dev': '7.0.0' },
      scripts: { test: 'vitest run', 'lint:fix': 'eslint --fix .' },
    }),
    'app/root.tsx': page,
    'app/routes.ts': 'export default [];\n',
    'app/routes/home.tsx': page,
    ...lockfile,
  });
  it.each([
    ['yarn', { 'yarn.lock': '' }, 'yarn test'],
    ['bun', { 'bun.lock': '' }, 'bun run test'],
    ['npm', { 'package-lock.json': '{}' }, 'npm test'],
  ])('%s: the lockfile picks the runner, the route conventions are entries', async (pm, lockfile, run) => {
    const r = await runCli(['init', tmpRepo(app(lockfile)), '--dry-run']);
    expect(r.exitCode).toBe(0);
    const config = JSON.parse(r.stdout);
    expect(config.checks).toEqual([{ path: '**', run }]);
    expect(config.entries).toEqual([
      'app/root.{js,jsx,ts,tsx,mjs,cjs}',
      'app/routes.{js,jsx,ts,tsx,mjs,cjs}',
      'app/routes/**/*.{js,jsx,ts,tsx,mjs,cjs}',
    ]);
    expect(r.stderr).toContain(`checks: run with ${pm}, from ${Object.keys(lockfile)[0]} at the root`);
  });
});
