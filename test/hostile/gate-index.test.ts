/**
 * Issue 22 item 6: the agent must not switch the gate off with its own Write tool. The index is
 * read only at the repository root, never rebuilt by the hook, and a missing, empty or corrupt
 * index is "unknown" (deny under failClosed), not "not in the index".
 */
import { mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli, gatedRepo, preToolUse } from './hook-harness.js';

const LOAD_BEARING = /^proofmap: src\/core\.ts is load-bearing: 3 files import it directly\./;

describe('hostile item 6: planted, emptied or corrupted indexes', () => {
  it('an empty src/.proofmap/index.db is never read: src/core.ts is still denied', () => {
    const root = gatedRepo();
    expect(cli(root, ['scan']).status).toBe(0);
    mkdirSync(path.join(root, 'src/.proofmap'));
    writeFileSync(path.join(root, 'src/.proofmap/index.db'), '');
    const r = preToolUse(root, 'src/core.ts', 'Edit');
    expect(r.status).toBe(0);
    expect(r.decision).toBe('deny');
    expect(r.reason).toMatch(LOAD_BEARING);
  });

  it('the Write that would plant an index, anywhere, is itself denied, also in warn mode', () => {
    const root = gatedRepo({ fanIn: 3 });
    expect(cli(root, ['scan']).status).toBe(0);
    for (const target of ['src/.proofmap/index.db', '.proofmap/index.db', '.proofmap/map.json', 'src/.git']) {
      const r = preToolUse(root, target);
      expect(r.decision, target).toBe('deny');
      expect(r.reason).toMatch(/is inside \.(proofmap|git)\/, which proofmap and git write themselves/);
    }
  });

  it('an emptied root index is unknown: a warning without failClosed, a deny with it, and the hook never rebuilds it', () => {
    const root = gatedRepo({ block: true, fanIn: 3 });
    expect(cli(root, ['scan']).status).toBe(0);
    const db = path.join(root, '.proofmap/index.db');
    writeFileSync(db, '');
    const warn = preToolUse(root, 'src/core.ts', 'Edit');
    expect(warn.status).toBe(0);
    expect(warn.decision).toBeUndefined();
    expect(warn.context).toBe(
      'proofmap: cannot grade this edit: .proofmap/index.db is empty; not gated. Run `proofmap scan`.',
    );
    expect(statSync(db).size).toBe(0);
    writeFileSync(
      path.join(root, 'proofmap.config.json'),
      JSON.stringify({ gate: { block: true, failClosed: true } }),
    );
    const deny = preToolUse(root, 'src/core.ts', 'Edit');
    expect(deny.decision).toBe('deny');
    expect(deny.reason).toBe(
      'proofmap: cannot grade this edit: .proofmap/index.db is empty; gate.failClosed is set, so the edit is blocked. Run `proofmap scan`.',
    );
    expect(statSync(db).size).toBe(0);
  });

  it('a corrupted root index (random bytes) is unknown and stays as it was', () => {
    const root = gatedRepo({ block: true, failClosed: true });
    expect(cli(root, ['scan']).status).toBe(0);
    const db = path.join(root, '.proofmap/index.db');
    const junk = Buffer.alloc(8192, 0x5a);
    writeFileSync(db, junk);
    const r = preToolUse(root, 'src/core.ts', 'Edit');
    expect(r.decision).toBe('deny');
    expect(r.reason).toMatch(
      /^proofmap: cannot grade this edit: \.proofmap\/index\.db was corrupt .*gate\.failClosed is set/,
    );
    expect(readFileSync(db).equals(junk)).toBe(true);
  });

  it('a repository never scanned is unknown too (missing index), denied under failClosed', () => {
    const root = gatedRepo({ failClosed: true });
    const r = preToolUse(root, 'src/core.ts', 'Edit');
    expect(r.decision).toBe('deny');
    expect(r.reason).toMatch(
      /^proofmap: cannot grade this edit: \.proofmap\/index\.db is missing; gate\.failClosed is set/,
    );
  });
});
