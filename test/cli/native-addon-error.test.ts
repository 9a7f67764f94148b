/**
 * A native module built for another Node (better-sqlite3 after switching Node versions) is an
 * install problem with one fix, not a bug to report: one line naming the package and the rebuild.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { nativeAddonProblem, reportError } from '../../src/cli/errors.js';
import type { Io } from '../../src/cli/io.js';
import { tmpRepo } from '../helpers/tmp-repo.js';

/** The error Node itself throws when dlopen refuses a file: a real ERR_DLOPEN_FAILED. */
function realDlopenError(): Error {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'proofmap-addon-'));
  const release = path.join(dir, 'node_modules', 'better-sqlite3', 'build', 'Release');
  mkdirSync(release, { recursive: true });
  const file = path.join(release, 'better_sqlite3.node');
  writeFileSync(file, 'not an ELF object\n');
  try {
    process.dlopen({ exports: {} }, file);
  } catch (error) {
    return error as Error;
  }
  throw new Error('dlopen accepted a text file');
}

function captured(): { io: Io; err: () => string } {
  let text = '';
  const sink = {
    write: (s: string) => {
      text += s;
      return true;
    },
  };
  return { io: { stdout: sink, stderr: sink, env: {} } as unknown as Io, err: () => text };
}

describe('a native module this Node cannot load', () => {
  it('is one line naming the package and its rebuild, exit 3, no "please report"', () => {
    const error = realDlopenError();
    expect((error as { code?: string }).code).toBe('ERR_DLOPEN_FAILED');
    const { io, err } = captured();
    expect(reportError(error, io)).toBe(3);
    const lines = err().trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^proofmap: a native module could not be loaded by Node v\d+/);
    expect(lines[0]).toContain('damaged or built for another platform: run `npm rebuild better-sqlite3`');
    expect(lines[0]).not.toMatch(/internal error|please report/);
  });

  it('names the ABI mismatch as Node words it, and nothing else is taken for one', () => {
    const mismatch = Object.assign(
      new Error(
        "The module '/x/node_modules/@scope/addon/build/Release/a.node'\nwas compiled against a different Node.js version using\nNODE_MODULE_VERSION 115.",
      ),
      { code: 'ERR_DLOPEN_FAILED' },
    );
    expect(nativeAddonProblem(mismatch, 'v24.0.0')).toContain(
      'built for another Node version: run `npm rebuild @scope/addon`',
    );
    expect(nativeAddonProblem(mismatch, 'v24.0.0')).not.toContain('\n');
    expect(nativeAddonProblem(new Error('Module did not self-register'), 'v24.0.0')).toBeUndefined();
  });
});

describe('a scan on a Node that cannot load the SQLite driver', () => {
  it('fails in one line and leaves the index in place: the next scan is a delta, not a full build', async () => {
    const root = tmpRepo({
      'src/core.ts': 'export const core = 1;\n',
      'src/a.ts': "import { core } from './core.js';\nexport const a = core;\n",
    });
    const first = proofmap(root, ['scan', root, '--json']);
    expect(first.status).toBe(0);
    const index = path.join(root, '.proofmap', 'index.db');
    const before = statSync(index);
    writeFileSync(
      path.join(root, 'src/a.ts'),
      "import { core } from './core.js';\nexport const a = core + 1;\n",
    );
    // As after `nvm use`: dlopen refuses better-sqlite3's addon, as Node does for another ABI.
    const refused = proofmap(root, ['scan', root], ['--require', refuseSqliteAddon()]);
    expect(refused.status).toBe(3);
    expect(refused.stderr.trim().split('\n')).toHaveLength(1);
    expect(refused.stderr).toContain('built for another Node version: run `npm rebuild better-sqlite3`');
    expect(existsSync(`${index}.bad`)).toBe(false);
    expect(statSync(index).ino).toBe(before.ino);
    const next = proofmap(root, ['scan', root, '--json']);
    expect(next.status).toBe(0);
    expect(JSON.parse(next.stdout).mode).toBe('delta');
  });
});

const bin = path.resolve(new URL('../../bin/proofmap.js', import.meta.url).pathname);

function proofmap(cwd: string, args: string[], nodeArgs: string[] = []) {
  return spawnSync(process.execPath, [...nodeArgs, bin, ...args], { cwd, encoding: 'utf8' });
}

/** A preload that makes dlopen refuse better-sqlite3's addon with Node's own ABI message. */
function refuseSqliteAddon(): string {
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'proofmap-refuse-')), 'refuse.cjs');
  writeFileSync(
    file,
    `const dlopen = process.dlopen;
process.dlopen = function (module, filename, ...rest) {
  if (/better_sqlite3\\.node$/.test(filename)) {
    const error = new Error("Module did not self-register: '" + filename + "'.");
    error.code = 'ERR_DLOPEN_FAILED';
    throw error;
  }
  return dlopen.call(this, module, filename, ...rest);
};
`,
  );
  return file;
}
