/**
 * Issue 22 item 7: the gate's policy rows (each file's entry — guarded or not — and the stored
 * settings with `block`) are sealed with the marker key. Editing one in index.db with SQL, as
 * anything without the key could, turns the index "unknown": a warning, and a deny under
 * failClosed. Deleting a guarded file's entry (so it would read as "new, not gated") is caught too.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openSqlite, prepare } from '../../src/store/handles.js';
import { cli, gatedRepo, preToolUse } from './hook-harness.js';

function sql(root: string, text: string, ...params: unknown[]) {
  const db = openSqlite(path.join(root, '.proofmap/index.db'));
  try {
    prepare(db, text).run(...params);
  } finally {
    db.close();
  }
}

/** Rewrites one JSON field of a stored row, keeping its seal, as a hand edit would. */
const setField = (root: string, kind: string, field: string, value: unknown) =>
  sql(
    root,
    `UPDATE signals SET data = json_set(data, ?, json(?)) WHERE kind = ?`,
    field,
    JSON.stringify(value),
    kind,
  );

const EDITED = 'the gate rows in .proofmap/index.db were not written by proofmap';

describe('hostile item 7: sealed gate policy rows', () => {
  it('the untouched index grades the edit (deny under block), so the refusals below come from the edits', () => {
    const root = gatedRepo({ block: true, fanIn: 3 });
    expect(cli(root, ['scan']).status).toBe(0);
    const r = preToolUse(root, 'src/core.ts', 'Edit');
    expect(r.decision).toBe('deny');
    expect(r.reason).toMatch(/^proofmap: src\/core\.ts is load-bearing/);
  });

  it('an entry edited to guarded:false and fewer users is unknown; denied under failClosed', () => {
    const root = gatedRepo({ block: true, fanIn: 3, failClosed: true });
    expect(cli(root, ['scan']).status).toBe(0);
    setField(root, 'gate:file:src/core.ts', '$.guarded', false);
    setField(root, 'gate:file:src/core.ts', '$.users', 0);
    setField(root, 'gate:file:src/core.ts', '$.busiest', 0);
    const r = preToolUse(root, 'src/core.ts', 'Edit');
    expect(r.decision).toBe('deny');
    expect(r.reason).toBe(
      `proofmap: cannot grade this edit: ${EDITED}; gate.failClosed is set, so the edit is blocked. Run \`proofmap scan\`.`,
    );
  });

  it('settings edited to block:false are unknown: the warning says so instead of passing silently', () => {
    const root = gatedRepo({ block: true, fanIn: 3 });
    expect(cli(root, ['scan']).status).toBe(0);
    setField(root, 'gate:settings', '$.settings.block', false);
    const r = preToolUse(root, 'src/core.ts', 'Edit');
    expect(r.decision).toBeUndefined();
    expect(r.context).toBe(`proofmap: cannot grade this edit: ${EDITED}; not gated. Run \`proofmap scan\`.`);
    // A rescan seals the rows again and the gate grades as before.
    expect(cli(root, ['scan', '--force']).status).toBe(0);
    expect(preToolUse(root, 'src/core.ts', 'Edit').decision).toBe('deny');
  });

  it("a harmless file's sealed entry copied over the guarded one does not verify", () => {
    const root = gatedRepo({ block: true, fanIn: 3, failClosed: true });
    expect(cli(root, ['scan']).status).toBe(0);
    sql(
      root,
      `UPDATE signals SET data = (SELECT data FROM signals WHERE kind = 'gate:file:src/a.ts') WHERE kind = 'gate:file:src/core.ts'`,
    );
    expect(preToolUse(root, 'src/core.ts', 'Edit').reason).toMatch(`cannot grade this edit: ${EDITED}`);
  });

  it('a deleted entry or settings row is unknown, not "new file, not gated"', () => {
    const root = gatedRepo({ block: true, fanIn: 3, failClosed: true });
    expect(cli(root, ['scan']).status).toBe(0);
    sql(root, `DELETE FROM signals WHERE kind = 'gate:file:src/core.ts'`);
    expect(preToolUse(root, 'src/core.ts', 'Edit').reason).toMatch(
      /^proofmap: cannot grade this edit: gate rows were deleted from \.proofmap\/index\.db; gate\.failClosed is set/,
    );
    sql(root, `DELETE FROM signals WHERE kind LIKE 'gate:%'`);
    expect(preToolUse(root, 'src/core.ts', 'Edit').reason).toMatch(
      /^proofmap: cannot grade this edit: the gate rows are missing from \.proofmap\/index\.db; gate\.failClosed/,
    );
    // A file the scan never saw is still "new", not unknown, while the rows are intact.
    expect(cli(root, ['scan', '--force']).status).toBe(0);
    expect(preToolUse(root, 'src/new.ts', 'Write').context).toMatch(
      /src\/new\.ts is not in the index \(new file\?\)/,
    );
  });
});
