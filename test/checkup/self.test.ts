/**
 * proofmap checks its own repository with the root proofmap.config.json, which fences its
 * architecture: no errors today, and the fence is not vacuous (a planted edge trips it).
 */
import { describe, expect, it } from 'vitest';
import { checkup } from '../../src/checkup/index.js';
import { loadConfig } from '../../src/discover/config.js';
import { checkRepo, repoRoot } from './run.js';

describe('checkup on proofmap itself', () => {
  it('finds no errors, and the rules would catch a pure stage importing node:fs', async () => {
    const { map, result } = await checkRepo(repoRoot);
    const errors = result.problems.filter((p) => p.kind === 'error');
    expect(errors.map((p) => p.message)).toEqual([]);
    expect(result.ok).toBe(true);
    expect(result.entries).toBeGreaterThan(10);

    const from = map.nodes.find((n) => n.path === 'src/checkup/index.ts')!;
    const fs = map.nodes.find((n) => n.key === 'external:node:fs')!;
    const planted = { ...map.edges.find((e) => e.from === from.id)!, id: '000000000000', to: fs.id };
    const loaded = loadConfig(repoRoot);
    const tripped = checkup({ ...map, edges: [...map.edges, planted] }, loaded.config, {
      configFile: 'proofmap.config.json',
      lineOf: loaded.lineOf,
    });
    expect(tripped.problems.filter((p) => p.kind === 'error').map((p) => [p.code, p.from, p.to])).toEqual([
      ['forbidden-dependency', 'src/checkup/index.ts', 'external:node:fs'],
    ]);
  });

  it('the dev-dependency fence is live: a runtime import of a devDependency from src/ trips it, a type import does not', async () => {
    const { map } = await checkRepo(repoRoot);
    const from = map.nodes.find((n) => n.path === 'src/checkup/index.ts')!;
    const vitest = map.nodes.find((n) => n.key === 'external:npm:vitest')!;
    const base = map.edges.find((e) => e.from === from.id && e.relation === 'imports')!;
    const loaded = loadConfig(repoRoot);
    const run = (relation: string) =>
      checkup(
        { ...map, edges: [...map.edges, { ...base, id: '000000000000', to: vitest.id, relation }] },
        loaded.config,
        { configFile: 'proofmap.config.json', lineOf: loaded.lineOf },
      ).problems.filter((p) => p.kind === 'error');
    const [p, ...rest] = run('imports');
    expect(rest).toEqual([]);
    expect(p!.message).toMatch(
      /^src\/checkup\/index\.ts:\d+: src\/checkup\/index\.ts imports external:npm:vitest, listed only in devDependencies \(package\.json:\d+\), but rule "production code needs no devDependency at run time"/,
    );
    expect(run('type-imports')).toEqual([]);
  });
});
