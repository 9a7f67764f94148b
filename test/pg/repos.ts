/** Three generated repositories that depend on each other: app → @org/ui → @org/core, app → @org/core. */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { runCli } from '../helpers/cli.js';
import { tmpRepo } from '../helpers/tmp-repo.js';

const manifest = (name: string, version: string, deps: string[] = []) =>
  JSON.stringify({ name, version, dependencies: Object.fromEntries(deps.map((d) => [d, '*'])) }, null, 2);

export const REPOS = {
  core: {
    'package.json': manifest('@org/core', '1.0.0'),
    'src/index.ts': "export { util } from './util';\nexport const core = 1;\n",
    'src/util.ts': 'export const util = 2;\n',
  },
  ui: {
    'package.json': manifest('@org/ui', '2.0.0', ['@org/core']),
    'src/button.ts': "import { core } from '@org/core';\nexport const button = core;\n",
    'src/index.ts': "export { button } from './button';\n",
  },
  app: {
    'package.json': manifest('app', '0.1.0', ['@org/ui', '@org/core']),
    'src/main.ts': "import { button } from '@org/ui';\nexport const main = button;\n",
    'src/page.ts':
      "import { main } from './main';\nimport { core } from '@org/core';\nexport const page = [main, core];\n",
    'src/standalone.ts': 'export const alone = 0;\n',
  },
};

export function git(dir: string, ...args: string[]): string {
  return execFileSync('git', ['-c', 'user.email=t@t', '-c', 'user.name=t', ...args], {
    cwd: dir,
    encoding: 'utf8',
  }).trim();
}

/** A scanned git repository at its first commit. */
export async function scannedRepo(files: Record<string, string>): Promise<string> {
  const dir = tmpRepo(files, { keep: 'file' });
  git(dir, 'init', '-q');
  git(dir, 'add', '-A');
  git(dir, 'commit', '-qm', 'first');
  const scan = await runCli(['scan', dir]);
  if (scan.exitCode !== 0) throw new Error(`scan failed: ${scan.stderr}`);
  return dir;
}

/** Writes a file, commits it and rescans; returns the new commit. */
export async function commitEdit(dir: string, rel: string, text: string): Promise<string> {
  writeFileSync(path.join(dir, rel), text);
  git(dir, 'add', '-A');
  git(dir, 'commit', '-qm', `edit ${rel}`);
  const scan = await runCli(['scan', dir]);
  if (scan.exitCode !== 0) throw new Error(`scan failed: ${scan.stderr}`);
  return git(dir, 'rev-parse', 'HEAD');
}
