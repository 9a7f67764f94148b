/**
 * Issue 22 item 15: bad input exits 2 with one line saying what to do, never 3 "internal error".
 * (`.proofmap` as a file is in output-dir.test.ts.) Unwritable places are made so with
 * `chattr +i` when the tests run as root, which ignores permission bits, and with chmod otherwise.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli, gatedRepo, preToolUse } from './hook-harness.js';

const asRoot = process.getuid?.() === 0;

/** Makes `target` unwritable (a folder: no new entries; a file: no writes); returns the undo. */
function unwritable(target: string, folder: boolean): () => void {
  if (asRoot) {
    execFileSync('chattr', ['+i', target]);
    return () => execFileSync('chattr', ['-i', target]);
  }
  chmodSync(target, folder ? 0o555 : 0o444);
  return () => chmodSync(target, folder ? 0o755 : 0o644);
}

/** Whether unwritable() works here (root in a container without CAP_LINUX_IMMUTABLE cannot). */
const canLock = (() => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'proofmap-lock-'));
  try {
    const undo = unwritable(dir, true);
    const blocked = spawnSync('touch', [path.join(dir, 'x')]).status !== 0;
    undo();
    return blocked;
  } catch {
    return false;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
})();
if (!canLock)
  console.warn('hostile item 15: cannot make a folder unwritable here (chattr +i refused); those cases skip');

const oneLine = (stderr: string) => {
  const lines = stderr.trim().split('\n');
  expect(lines).toHaveLength(1);
  expect(lines[0]).not.toMatch(/internal error/);
  return lines[0]!;
};

const BOMB = [
  'a: &a ["x","x","x","x","x","x","x","x","x"]',
  ...'bcdefgh'.split('').map((k, i) => `${k}: &${k} [${Array(9).fill(`*${'abcdefgh'[i]}`).join(',')}]`),
  `i: [${Array(9).fill('*h').join(',')}]`,
].join('\n');

describe('hostile item 15: bad input exits 2 with one line', () => {
  it.skipIf(!canLock)('an unwritable .proofmap/: scan exits 2 naming it, the map is unchanged', () => {
    const root = gatedRepo();
    expect(cli(root, ['scan']).status).toBe(0);
    const map = readFileSync(path.join(root, '.proofmap/map.json'), 'utf8');
    writeFileSync(path.join(root, 'src/d.ts'), 'export const d = 1;\n');
    const undo = unwritable(path.join(root, '.proofmap'), true);
    try {
      const r = cli(root, ['scan']);
      expect(r.status).toBe(2);
      expect(oneLine(r.stderr)).toMatch(
        /^proofmap: cannot open .*\/\.proofmap\/scan\.lock \((EPERM|EACCES)\) — make it writable/,
      );
    } finally {
      undo();
    }
    expect(readFileSync(path.join(root, '.proofmap/map.json'), 'utf8')).toBe(map);
  });

  it('scan /etc/passwd (a file) exits 2', () => {
    const root = gatedRepo();
    const r = cli(root, ['scan', '/etc/passwd']);
    expect(r.status).toBe(2);
    expect(oneLine(r.stderr)).toMatch(/^proofmap: \/etc\/passwd is a file, not a directory/);
  });

  it('a YAML alias bomb: in the configuration exit 2; in front matter coverage, and the scan goes on', () => {
    const root = gatedRepo();
    rmSync(path.join(root, 'proofmap.config.json'));
    writeFileSync(path.join(root, 'proofmap.config.yaml'), `${BOMB}\n`);
    const started = Date.now();
    const r = cli(root, ['scan']);
    expect(r.status).toBe(2);
    expect(oneLine(r.stderr)).toBe(
      'proofmap: proofmap.config.yaml: Excessive alias count indicates a resource exhaustion attack — write the configuration without chains of YAML aliases',
    );
    rmSync(path.join(root, 'proofmap.config.yaml'));
    writeFileSync(path.join(root, 'bomb.md'), `---\n${BOMB}\n---\n# Bomb\n`);
    expect(cli(root, ['scan']).status).toBe(0);
    const map = JSON.parse(readFileSync(path.join(root, '.proofmap/map.json'), 'utf8'));
    expect(map.coverage).toContainEqual({
      analyzer: 'markdown',
      scope: 'bomb.md:1',
      status: 'partial',
      reason:
        'Front matter could not be converted (Excessive alias count indicates a resource exhaustion attack), so its keys were not read.',
    });
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it('[null] among the settings hooks: hooks install exits 2 and leaves the file as it was', () => {
    const root = gatedRepo();
    mkdirSync(path.join(root, '.claude'));
    const settings = path.join(root, '.claude/settings.json');
    writeFileSync(settings, '{"hooks":{"PreToolUse":[null]}}');
    const r = cli(root, ['hooks', 'install']);
    expect(r.status).toBe(2);
    expect(oneLine(r.stderr)).toMatch(
      /"hooks\.PreToolUse\[0\]" in the settings file is not an object\); not changed/,
    );
    expect(readFileSync(settings, 'utf8')).toBe('{"hooks":{"PreToolUse":[null]}}');
    writeFileSync(settings, '[null]');
    const top = cli(root, ['hooks', 'install']);
    expect(top.status).toBe(2);
    expect(oneLine(top.stderr)).toMatch(/the settings file is not a JSON object/);
  });

  it('an unwritable output path (view --out /proc/…) exits 2', () => {
    const root = gatedRepo();
    expect(cli(root, ['scan']).status).toBe(0);
    const r = cli(root, ['view', '--out', '/proc/proofmap-view.html']);
    expect(r.status).toBe(2);
    expect(oneLine(r.stderr)).toMatch(/^proofmap: cannot write \/proc\/proofmap-view\.html \(ENOENT\)/);
  });

  it.skipIf(!canLock)(
    'a read-only index: impact answers, says it could not record a consult, and the gate still denies',
    () => {
      const root = gatedRepo({ block: true, fanIn: 3 });
      expect(cli(root, ['scan']).status).toBe(0);
      const db = path.join(root, '.proofmap/index.db');
      const undo = unwritable(db, false);
      try {
        const r = cli(root, ['impact', 'src/core.ts', '--json']);
        expect(r.status).toBe(0);
        const answer = JSON.parse(r.stdout);
        expect(answer.total).toBe(3);
        expect(answer.notes).toContainEqual(
          expect.stringMatching(
            /^gate: could not record the consult marker \(.+\), so the edit gate will not count this answer as a consult; make \.proofmap\/index\.db writable$/,
          ),
        );
        const gate = preToolUse(root, 'src/core.ts', 'Edit');
        expect(gate.decision).toBe('deny');
        expect(gate.reason).toMatch(/Its impact has not been consulted/);
      } finally {
        undo();
      }
    },
  );
});
