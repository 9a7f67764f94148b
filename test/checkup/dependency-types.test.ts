/**
 * Declaration dependency types (npm, dev, peer, optional, unlisted, core, undetermined), judged
 * against the importing file's nearest package.json, on the checkup-dependency-types fixture.
 */
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkup } from '../../src/checkup/index.js';
import type { ProofmapConfig } from '../../src/checkup/types.js';
import { parseConfig } from '../../src/discover/config.js';
import type { ProofMap } from '../../src/map/schema.js';
import { scan } from '../../src/scan.js';
import { copyFixture, repoRoot } from './run.js';

const made: string[] = [];
afterAll(() => {
  for (const d of made) rmSync(d, { recursive: true, force: true });
});

let mapPromise: Promise<ProofMap> | undefined;
function mapOf(): Promise<ProofMap> {
  mapPromise ??= (async () => {
    const dir = copyFixture('checkup-dependency-types');
    made.push(dir);
    return (await scan({ root: dir, write: false })).map;
  })();
  return mapPromise;
}

type Rule = NonNullable<ProofmapConfig['rules']>[number];
/** `from:line -> to` of every forbidden-dependency problem a set of rules raises. */
async function hits(...rules: Rule[]): Promise<string[]> {
  const r = checkup(await mapOf(), { rules, entries: ['**'] });
  return r.problems
    .filter((p) => p.code === 'forbidden-dependency')
    .map((p) => `${p.evidence[0]!.path}:${p.evidence[0]!.line} -> ${p.to}`)
    .sort();
}
const anyImport = (types: Rule['dependencyTypes'], extra: Partial<Rule> = {}): Rule => ({
  kind: 'forbidden',
  from: { path: '**' },
  to: {},
  dependencyTypes: types,
  ...extra,
});

const APP = 'packages/app/src/index.ts';

describe('declaration dependency types', () => {
  it.each<[string, string[]]>([
    ['npm', [`${APP}:2 -> external:npm:lodash`, `${APP}:6 -> packages/lib/index.ts`]],
    // react is in peerDependencies and devDependencies: peer, not dev. json-schema is typed by @types/json-schema.
    [
      'dev',
      [
        'packages/app/src/index.test.ts:1 -> external:npm:vitest',
        `${APP}:4 -> external:npm:vitest`,
        `${APP}:5 -> packages/testkit/index.ts`,
        `${APP}:8 -> external:npm:json-schema`,
        `${APP}:9 -> external:npm:vitest`,
      ],
    ],
    ['peer', [`${APP}:3 -> external:npm:react`]],
    ['optional', ['packages/app/src/watch.ts:1 -> external:npm:fsevents']],
    ['unlisted', [`${APP}:7 -> external:npm:left-pad`]],
    ['core', [`${APP}:1 -> external:node:fs`, 'packages/lib/index.ts:1 -> external:node:path']],
    // examples/demo/package.json is not a workspace package: the map holds no declarations for it.
    ['undetermined', ['examples/demo/main.ts:1 -> external:npm:express']],
  ])('%s names exactly its imports', async (type, expected) => {
    expect(await hits(anyImport([type as 'npm']))).toEqual(expected);
  });

  it("dependency-cruiser's names mean the same", async () => {
    for (const [alias, ours] of [
      ['npm-dev', 'dev'],
      ['npm-peer', 'peer'],
      ['npm-optional', 'optional'],
      ['npm-no-pkg', 'unlisted'],
      ['npm-unknown', 'undetermined'],
      ['dynamic-import', 'dynamic'],
    ] as const)
      expect(await hits(anyImport([alias]))).toEqual(await hits(anyImport([ours])));
  });

  it('types combine as any-of; dependencyTypesNot removes; both also work inside to', async () => {
    expect(await hits(anyImport(['peer', 'optional']))).toEqual([
      `${APP}:3 -> external:npm:react`,
      'packages/app/src/watch.ts:1 -> external:npm:fsevents',
    ]);
    // optional is also the only dynamic import: a relation type and a declaration type together.
    expect(await hits(anyImport(['dynamic', 'unlisted']))).toEqual([
      `${APP}:7 -> external:npm:left-pad`,
      'packages/app/src/watch.ts:1 -> external:npm:fsevents',
    ]);
    const notTypes = [
      'packages/app/src/index.test.ts:1 -> external:npm:vitest',
      `${APP}:4 -> external:npm:vitest`,
      `${APP}:5 -> packages/testkit/index.ts`,
    ];
    expect(await hits(anyImport(['dev'], { dependencyTypesNot: ['type-only'] }))).toEqual(notTypes);
    expect(
      await hits({
        kind: 'forbidden',
        from: { path: '**' },
        to: { dependencyTypes: ['npm-dev'], dependencyTypesNot: ['type-only'] },
      }),
    ).toEqual(notTypes);
  });

  it('a manifest edge is typed by its own field', async () => {
    // react's first line is its devDependencies entry; its peerDependencies entry makes it peer, not dev.
    expect(await hits(anyImport(['manifest'], { dependencyTypesNot: ['dev', 'npm'] }))).toEqual([
      'packages/app/package.json:11 -> external:npm:react',
      'packages/app/package.json:18 -> external:npm:fsevents',
    ]);
  });

  it('the message says where the package is declared, and the evidence holds that line', async () => {
    const r = checkup(await mapOf(), {
      rules: [{ name: 'no-dev', ...anyImport(['dev']), from: { path: 'packages/app/src/index.ts' } }],
      entries: ['**'],
    });
    const p = r.problems.find((x) => x.to === 'packages/testkit/index.ts')!;
    expect(p.message).toMatch(
      /^packages\/app\/src\/index\.ts:5: packages\/app\/src\/index\.ts imports packages\/testkit\/index\.ts \(package testkit\), listed only in devDependencies \(packages\/app\/package\.json:10\), but rule "no-dev" .* \(dependency types dev\)\./,
    );
    expect(p.evidence.map((e) => `${e.path}:${e.line}`).slice(0, 2)).toEqual([
      `${APP}:5`,
      'packages/app/package.json:10',
    ]);
  });

  it('a rule without types shadows a typed one, never the other way round', async () => {
    const codes = (rules: Rule[]) =>
      mapOf().then((map) => checkup(map, { rules, entries: ['**'] }).problems.map((p) => p.code));
    const plain: Rule = { kind: 'forbidden', from: { path: 'packages/**' }, to: { path: 'external:npm:*' } };
    const typed: Rule = { ...plain, dependencyTypes: ['dev'] };
    expect(await codes([plain, typed])).toContain('shadowed-rule');
    expect(await codes([typed, plain])).not.toContain('shadowed-rule');
    expect(await codes([typed, { ...typed, dependencyTypes: ['unlisted'] }])).not.toContain('shadowed-rule');
  });

  it('config errors: types in from, given twice, or unknown, each at its location', () => {
    const bad = (rule: object) => () =>
      parseConfig('proofmap.config.json', JSON.stringify({ rules: [{ kind: 'forbidden', ...rule }] }));
    expect(bad({ from: { dependencyTypes: ['dev'] }, to: {} })).toThrow(/rules\[0\]\.from\.dependencyTypes/);
    expect(bad({ from: {}, to: { dependencyTypes: ['dev'] }, dependencyTypes: ['npm'] })).toThrow(
      /rules\[0\]\.to\.dependencyTypes: dependencyTypes is given twice/,
    );
    expect(bad({ from: {}, to: {}, dependencyTypes: ['npm-devv'] })).toThrow(
      /rules\[0\]\.dependencyTypes\[0\]/,
    );
    expect(bad({ from: {}, to: { dependencyTypesNot: ['type-only'] } })).not.toThrow();
  });
});

describe('proofmap check on the fixture (the built CLI, spawned)', () => {
  it('exits 1 with each violation at its import line, the manifest line that makes it one, and the rule', () => {
    const dir = copyFixture('checkup-dependency-types');
    made.push(dir);
    const bin = path.join(repoRoot, 'bin/proofmap.js');
    const r = spawnSync(process.execPath, [bin, 'check', dir], {
      encoding: 'utf8',
      env: { ...process.env, NO_COLOR: '1' },
    });
    expect(r.stderr).toBe('');
    expect(r.status).toBe(1);
    const lines = r.stdout.split('\n');
    expect(lines[0]).toBe('errors · forbidden-dependency (4)');
    const rule0 =
      'but rule "not-to-dev-dep" (rules[0]) (proofmap.config.json:3) forbids packages/*/src/** and not **/*.test.ts from depending on anything (dependency types npm-dev; not type-only). The rule says: production code must not need a devDependency at run time. Remove the dependency or move the code to where it is allowed.';
    expect(lines.slice(1, 5)).toEqual([
      `  packages/app/src/index.ts:4: packages/app/src/index.ts imports external:npm:vitest, listed only in devDependencies (packages/app/package.json:9), ${rule0}`,
      `  packages/app/src/index.ts:5: packages/app/src/index.ts imports packages/testkit/index.ts (package testkit), listed only in devDependencies (packages/app/package.json:10), ${rule0}`,
      '  packages/app/src/index.ts:7: packages/app/src/index.ts imports external:npm:left-pad, not listed in packages/app/package.json, but rule "no-unlisted" (rules[1]) (proofmap.config.json:10) forbids packages/** from depending on anything (dependency types unlisted). Remove the dependency or move the code to where it is allowed.',
      '  packages/lib/index.ts:1: packages/lib/index.ts imports external:node:path, a Node.js built-in, but rule "lib-runs-in-browsers" (rules[2]) (proofmap.config.json:17) forbids packages/lib/** from depending on anything (dependency types core). Remove the dependency or move the code to where it is allowed.',
    ]);
    expect(r.stdout).toMatch(/proofmap check: failed — 4 errors, 0 warnings; \d+ entry points\.\n$/);
  });
});
