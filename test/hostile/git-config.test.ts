/**
 * Issue 22 item 13: a repository's own `.git/config` made git run its commands when proofmap
 * listed files or diffed: `core.fsmonitor` (any command that refreshes the index), a clean
 * filter (a diff re-hashing a touched file). Every git call now goes through discover/git.ts with
 * those switched off; the sentinel the hostile commands would write never appears — for scan,
 * changes and map_rescan — while plain git in the same repository does write it (the control).
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { tmpRepo } from '../helpers/tmp-repo.js';
import { type Client, call, connect, ensureBuilt } from '../mcp/fixture.js';
import { cli, env } from './hook-harness.js';

/** A committed repository whose .git/config runs `hostile.sh` (which writes `sentinel`) both ways. */
function hostileRepo(): { root: string; sentinel: string } {
  const root = tmpRepo({
    'package.json': '{ "name": "hostile-git" }',
    'src/a.ts': 'export const a = 1;\n',
    'src/b.ts': "import { a } from './a.js';\nexport const b = a;\n",
    '.gitattributes': '*.ts filter=evil\n',
  });
  const sentinel = path.join(root, '..', `${path.basename(root)}-pwned`);
  const git = (...args: string[]) =>
    execFileSync(
      'git',
      ['-c', 'user.name=t', '-c', 'user.email=t@t', '-c', 'commit.gpgsign=false', ...args],
      {
        cwd: root,
        stdio: 'ignore',
      },
    );
  git('init', '-q');
  git('add', '.');
  git('commit', '-qm', 'init');
  const script = path.join(root, '.git', 'hostile.sh');
  writeFileSync(script, `#!/bin/sh\necho "$0 $*" >> '${sentinel}'\ncat\n`);
  chmodSync(script, 0o755);
  git('config', 'core.fsmonitor', script);
  git('config', 'filter.evil.clean', script);
  return { root, sentinel };
}

/** Makes git's stat data stale, so a diff must re-read (and would re-filter) the file. */
const touch = (root: string) => {
  const later = new Date(Date.now() + 5000);
  utimesSync(path.join(root, 'src/a.ts'), later, later);
};

let client: Client | undefined;
afterEach(async () => {
  await client?.close();
  client = undefined;
});

describe('hostile item 13: git never runs the repository’s commands', () => {
  it('control: plain git status in the hostile repository runs them', () => {
    const { root, sentinel } = hostileRepo();
    touch(root);
    execFileSync('git', ['status', '--porcelain'], { cwd: root, stdio: 'ignore' });
    expect(existsSync(sentinel)).toBe(true);
    rmSync(sentinel);
  });

  it('scan and changes (after an edit) list and diff without running fsmonitor or the clean filter', () => {
    const { root, sentinel } = hostileRepo();
    const scan = cli(root, ['scan']);
    expect(scan.status).toBe(0);
    expect(scan.stdout).toMatch(/scanned 4 files/);
    writeFileSync(path.join(root, 'src/a.ts'), 'export const a = 2;\n');
    touch(root);
    const changes = cli(root, ['changes', '--json']);
    expect(changes.status).toBe(0);
    expect(JSON.parse(changes.stdout).items.map((i: { path: string }) => i.path)).toEqual(['src/a.ts']);
    expect(cli(root, ['scan']).status).toBe(0);
    expect(existsSync(sentinel) ? readFileSync(sentinel, 'utf8') : '').toBe('');
  });

  it('map_rescan and map_check changes over stdio do not run them either', async () => {
    ensureBuilt();
    const { root, sentinel } = hostileRepo();
    expect(cli(root, ['scan']).status).toBe(0);
    writeFileSync(path.join(root, 'src/c.ts'), "import { b } from './b.js';\nexport const c = b;\n");
    touch(root);
    client = await connect(root);
    const rescan = await call(client, 'map_rescan');
    expect(rescan.result.isError).toBeFalsy();
    const changes = await call(client, 'map_check', { what: 'changes' });
    expect(changes.result.isError).toBeFalsy();
    expect(existsSync(sentinel) ? readFileSync(sentinel, 'utf8') : '').toBe('');
  });

  it('a GIT_DIR in the environment does not point the listing at another repository', () => {
    const { root } = hostileRepo();
    const other = tmpRepo({ 'elsewhere.ts': 'export const e = 1;\n' });
    execFileSync('git', ['init', '-q'], { cwd: other });
    execFileSync('git', ['add', '.'], { cwd: other });
    const r = execFileSync(process.execPath, [path.resolve('bin/proofmap.js'), 'scan', '--json'], {
      cwd: root,
      env: { ...env, GIT_DIR: path.join(other, '.git'), GIT_INDEX_FILE: path.join(other, '.git/index') },
      encoding: 'utf8',
    });
    expect(JSON.parse(r).files).toBe(4);
    const map = JSON.parse(readFileSync(path.join(root, '.proofmap/map.json'), 'utf8'));
    const paths = map.nodes.map((n: { path?: string }) => n.path);
    expect(paths).toContain('src/a.ts');
    expect(paths).not.toContain('elsewhere.ts');
  });
});
