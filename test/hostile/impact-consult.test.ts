/**
 * Issue 22 item 8: a consult must cover what was shown, and a symlink must not move an edit out
 * of grading: `impact --limit 0` records no marker; an Edit through `src/alias.ts -> core.ts` is
 * graded as the file it writes.
 */
import { symlinkSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { impact } from '../../src/query/impact.js';
import { openSession } from '../../src/query/session.js';
import { openIndex } from '../../src/store/index.js';
import { cli, gatedRepo, preToolUse } from './hook-harness.js';

const markers = (root: string) => {
  const store = openIndex(root, { readonly: true });
  try {
    return store.markerPaths().map((m) => m.path);
  } finally {
    store.close();
  }
};

describe('hostile item 8: consults that show nothing, edits through symlinks', () => {
  it('impact --limit 0 writes no marker: the CLI refuses it, a library page of none says why; the gate still denies', () => {
    const root = gatedRepo();
    expect(cli(root, ['scan']).status).toBe(0);
    // The CLI takes limits of at least 1 (one validation for every numeric flag).
    const refused = cli(root, ['impact', 'src', '--limit', '0']);
    expect(refused.status).toBe(2);
    expect(refused.stderr).toMatch(/--limit must be a whole number of at least 1, got "0"/);
    // Through the library (and so MCP), a page that shows none of the dependents is no consult.
    const session = openSession(root, { recordConsults: true });
    try {
      expect(impact(session, 'src/core.ts', { limit: 0 }).notes).toContain(
        'gate: this page showed none of the dependents, so it counts as no consult; ask with a limit above 0',
      );
    } finally {
      session.close();
    }
    expect(markers(root)).toEqual([]);
    expect(preToolUse(root, 'src/core.ts', 'Edit').decision).toBe('deny');
    expect(cli(root, ['impact', 'src/core.ts']).status).toBe(0);
    expect(markers(root)).toEqual(['src/core.ts']);
  });

  it('an Edit through a symlink to a load-bearing file is graded as that file', () => {
    const root = gatedRepo();
    expect(cli(root, ['scan']).status).toBe(0);
    symlinkSync('core.ts', path.join(root, 'src/alias.ts'));
    const r = preToolUse(root, 'src/alias.ts', 'Edit');
    expect(r.decision).toBe('deny');
    expect(r.reason).toMatch(/^proofmap: src\/core\.ts is load-bearing/);
  });

  it('a symlink into another repository is graded by that repository’s own index', () => {
    const other = gatedRepo();
    expect(cli(other, ['scan']).status).toBe(0);
    const root = gatedRepo({ fanIn: 3 });
    expect(cli(root, ['scan']).status).toBe(0);
    symlinkSync(path.join(other, 'src/core.ts'), path.join(root, 'src/borrowed.ts'));
    const r = preToolUse(root, 'src/borrowed.ts', 'Edit');
    expect(r.decision).toBe('deny');
    expect(r.reason).toMatch(/^proofmap: src\/core\.ts is load-bearing/);
  });
});
