/** Scanned copies of repositories for query tests: a fixture folder or files written on the spot. */
import { execFileSync } from 'node:child_process';
import { cpSync } from 'node:fs';
import path from 'node:path';
import { scan } from '../../src/scan.js';
import { tmpRepo } from '../helpers/tmp-repo.js';

export async function scannedFixture(name: string): Promise<string> {
  const root = tmpRepo({});
  cpSync(new URL(`../fixtures/${name}`, import.meta.url), root, { recursive: true });
  await scan({ root });
  return root;
}

export async function scannedRepo(
  files: Record<string, string>,
  opts: { git?: boolean } = {},
): Promise<string> {
  const root = tmpRepo(files);
  if (opts.git) {
    const git = (...args: string[]) =>
      execFileSync('git', ['-c', 'user.email=t@t', '-c', 'user.name=t', ...args], {
        cwd: root,
        stdio: 'ignore',
      });
    git('init', '-q');
    git('add', '-A');
    git('commit', '-qm', 'init');
  }
  await scan({ root });
  return root;
}

/** A repository where src/core/a.ts and b.ts import each other and much else points at them. */
export const CORE_REPO: Record<string, string> = {
  'package.json': JSON.stringify({
    name: 'core-repo',
    scripts: { test: 'vitest run', lint: 'biome check', build: 'tsc' },
  }),
  'proofmap.config.json': JSON.stringify({ checks: [{ path: 'src/core/**', run: 'npm run test:core' }] }),
  '.github/CODEOWNERS': '# owners\n* @everyone\n/src/core/ @core-team @alice\n',
  'src/core/a.ts': "import { b } from './b.js';\nexport const a = () => b;\n",
  'src/core/b.ts': "import { a } from './a.js';\nexport const b = 1;\nexport const c = () => a;\n",
  'src/app.ts': "import { a } from './core/a.js';\nexport const app = a;\n",
  'src/main.ts': "import { app } from './app.js';\nconsole.log(app);\n",
  'docs/guide.md': '# Guide\n\nStart with [the core](../src/core/a.ts).\n',
  'README.md': 'See [the guide](docs/guide.md) and [core](src/core/a.ts).\n',
};

/** n files that each import hub.ts: for pagination. */
export function hubRepo(n: number): Record<string, string> {
  const files: Record<string, string> = { 'src/hub.ts': 'export const hub = 1;\n' };
  for (let i = 0; i < n; i++)
    files[`src/user${String(i).padStart(2, '0')}.ts`] =
      "import { hub } from './hub.js';\nexport const x = hub;\n";
  return files;
}

export const rel = (root: string, p: string) => path.relative(root, p);
