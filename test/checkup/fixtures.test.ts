/** One fixture per problem code; each must produce exactly that problem and no other. */
import { rmSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import type { Problem, ProblemCode } from '../../src/checkup/types.js';
import { checkRepo, copyFixture } from './run.js';

const made: string[] = [];
afterAll(() => {
  for (const d of made) rmSync(d, { recursive: true, force: true });
});

async function only(code: ProblemCode): Promise<Problem[]> {
  const dir = copyFixture(`checkup-${code}`);
  made.push(dir);
  const { result } = await checkRepo(dir);
  expect(result.problems.map((p) => p.code)).toEqual(result.problems.map(() => code));
  expect(result.problems.length).toBeGreaterThan(0);
  expect(result.ok).toBe(!result.problems.some((p) => p.kind === 'error'));
  return result.problems;
}

const line = (p: Problem, i = 0) => `${p.evidence[i]?.path}:${p.evidence[i]?.line}`;

describe('checkup fixtures: one problem code each', () => {
  it('unknown-node: an entry glob that matches nothing, located in the config', async () => {
    const [p] = await only('unknown-node');
    expect(p).toMatchObject({ kind: 'error' });
    expect(line(p!)).toBe('proofmap.config.json:1');
    expect(p!.message).toMatch(/src\/cli\/\*\*.*matches nothing/);
  });

  it('no-entry: modules but nothing to start from', async () => {
    const [p, ...rest] = await only('no-entry');
    expect(rest).toEqual([]);
    expect(p!.kind).toBe('error');
    expect(p!.message).toMatch(/1 modules but no entry point/);
  });

  it('forbidden-dependency: names the import line and the rule line', async () => {
    const [p, ...rest] = await only('forbidden-dependency');
    expect(rest).toEqual([]);
    expect(p).toMatchObject({ kind: 'error', from: 'src/ui/view.js', to: 'src/db/store.js' });
    expect(line(p!)).toBe('src/ui/view.js:1');
    expect(line(p!, 1)).toBe('proofmap.config.json:7');
    expect(p!.message).toMatch(
      /^src\/ui\/view\.js:1: .* rule "ui goes through the service".*must not reach the database directly/,
    );
  });

  it('required-dependency-missing: only the module without the import', async () => {
    const problems = await only('required-dependency-missing');
    expect(problems.map((p) => p.node)).toEqual(['src/features/b.js']);
    expect(problems[0]!.kind).toBe('error');
  });

  it('dangling-typed-link: from the scan findings, with the front-matter line', async () => {
    const [p, ...rest] = await only('dangling-typed-link');
    expect(rest).toEqual([]);
    expect(p!.kind).toBe('error');
    expect(line(p!)).toBe('docs/adr/0001-use-sqlite.md:3');
  });

  it('superseded-still-relied-on: accepted ADR-3 based on superseded ADR-1', async () => {
    const [p, ...rest] = await only('superseded-still-relied-on');
    expect(rest).toEqual([]);
    expect(p).toMatchObject({ kind: 'error', from: 'ADR-3', to: 'ADR-1' });
    expect(p!.message).toMatch(/ADR-2 supersedes it/);
  });

  it('unreachable-module: says what was not checked, never "dead"', async () => {
    const [p, ...rest] = await only('unreachable-module');
    expect(rest).toEqual([]);
    expect(p).toMatchObject({ kind: 'warning', node: 'src/old.js' });
    expect(p!.message).toMatch(
      /not reachable over literal imports from the 1 entry points.*check before deleting/,
    );
  });

  it('dynamic-only-reachable: names the non-literal import that might load it', async () => {
    const [p, ...rest] = await only('dynamic-only-reachable');
    expect(rest).toEqual([]);
    expect(p).toMatchObject({ kind: 'warning', node: 'src/plugins/a.js' });
    expect(line(p!, 1)).toBe('src/index.js:1');
    expect(p!.message).toMatch(/non-literal dynamic load at src\/index\.js:1/);
  });

  it('import-cycle: the cycle with the line of each edge', async () => {
    const [p, ...rest] = await only('import-cycle');
    expect(rest).toEqual([]);
    expect(p!.message).toMatch(/src\/a\.js → src\/b\.js → src\/a\.js \(src\/a\.js:1, src\/b\.js:1\)/);
    expect(p!.evidence.map((e) => e.path)).toEqual(['src/a.js', 'src/b.js']);
  });

  it('self-import', async () => {
    const [p, ...rest] = await only('self-import');
    expect(rest).toEqual([]);
    expect(line(p!)).toBe('src/index.js:1');
  });

  it('flow-incomplete: the step pair with no edge, located at the step', async () => {
    const [p, ...rest] = await only('flow-incomplete');
    expect(rest).toEqual([]);
    expect(p).toMatchObject({ kind: 'warning', from: 'src/parse.js', to: 'src/render.js' });
    expect(line(p!)).toBe('proofmap.config.json:3');
  });

  it('orphan-document', async () => {
    const [p, ...rest] = await only('orphan-document');
    expect(rest).toEqual([]);
    expect(p).toMatchObject({ kind: 'warning', node: 'docs/notes.md' });
  });

  it('shadowed-rule: the later, narrower rule', async () => {
    const [p, ...rest] = await only('shadowed-rule');
    expect(rest).toEqual([]);
    expect(p!.message).toMatch(
      /^rule "the view stays off the store" \(rules\[1\]\) can never report anything of its own: rule "ui stays off the database"/,
    );
    expect(line(p!)).toBe('proofmap.config.json:4');
  });
});
