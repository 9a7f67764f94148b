/**
 * Symbol-level answers on a scanned repository: impact passes through barrels, impact and refs of
 * one export give its exact users with the import line, the first use and the barrel chain.
 */
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { context, impact, openSession, refs, type Session, symbols, users } from '../../src/index.js';
import { scan } from '../../src/scan.js';

let root: string;
let session: Session;
beforeAll(async () => {
  root = mkdtempSync(path.join(os.tmpdir(), 'proofmap-symbols-'));
  cpSync(new URL('../fixtures/symbols-reexport-forms', import.meta.url), root, { recursive: true });
  await scan({ root });
  session = openSession(root);
}, 60_000);
afterAll(() => {
  session?.close();
  rmSync(root, { recursive: true, force: true });
});

const paths = (answer: { items: { path: string }[] }) => answer.items.map((i) => i.path).sort();

describe('symbol queries', () => {
  it('impact of a file re-exported by a barrel: its users, and the barrel as a pass-through', () => {
    // side.ts imports the barrel fmt/index.ts and lib/sub.ts, never add.ts: not a dependent.
    expect(paths(impact(session, 'src/lib/add.ts'))).toEqual(['src/app/main.ts', 'src/index.ts']);
  });

  it('impact of one export: exactly the files using it', () => {
    expect(paths(impact(session, 'src/lib/sub.ts#sub'))).toEqual(['src/app/side.ts']);
    expect(paths(impact(session, 'src/lib/sub.ts#default'))).toEqual(['src/app/main.ts']);
  });

  it('refs of an export: import line, first use and the chain it came through', () => {
    const answer = refs(session, 'src/lib/sub.ts#default');
    expect(answer.items).toHaveLength(1);
    const [item] = answer.items;
    expect(item).toMatchObject({
      path: 'src/app/main.ts',
      line: 1,
      first_use: 7,
      via: ['src/index.ts:4'],
      // The declared name; the import's own text (its alias) is the excerpt.
      names: ['default'],
      excerpt: expect.stringContaining('Subtractor'),
      symbol: 'src/lib/sub.ts#default',
    });
  });

  it('a namespace import counts the members it reads; one used whole is a lower bound', () => {
    expect(users(session, 'src/fmt/format.ts#parse').map((u) => u.path)).toEqual(
      expect.arrayContaining(['src/app/main.ts', 'src/app/side.ts']),
    );
    const whole = users(session, 'src/fmt/format.ts#format').find((u) => u.path === 'src/app/side.ts');
    expect(whole?.names).toEqual(['*']);
  });

  it('symbols(path) and context list exports with their users', () => {
    const list = symbols(session, 'src/app/unused.ts');
    expect(list).toEqual([
      expect.objectContaining({ name: 'neverImported', users: 0, declaration: 'function', line: 1 }),
    ]);
    const add = context(session, 'src/lib/add.ts').items[0]!;
    // ZERO is ambiguous in the barrel (two `export *`), so nobody can import it through it.
    expect(Object.fromEntries(add.exports?.map((e) => [e.name, e.users]) ?? [])).toEqual({ add: 1, ZERO: 0 });
  });
});
