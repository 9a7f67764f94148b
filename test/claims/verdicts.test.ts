import { describe, expect, it } from 'vitest';
import { controlRepo } from '../../src/claims/controls.js';
import { DETECTORS, type Detector } from '../../src/claims/detectors/index.js';
import { claimsReportSchema, investigate } from '../../src/claims/index.js';

const repo = controlRepo();
const run = (doc: string, detectors = {}) =>
  investigate({ repo, documents: new Map([['README.md', doc]]), detectors });
const verdictOf = (doc: string, text: string) => {
  const r = run(doc);
  // `detector:text` picks one of several claims read from the same words.
  const [detector, said] = /^(heading|path):/.test(text) ? text.split(/:(.*)/s) : [undefined, text];
  const hits = r.verdicts.filter((v) => v.text === said && (!detector || v.detector === detector));
  expect(hits, `claim "${text}" in ${JSON.stringify(r.verdicts.map((v) => v.text))}`).toHaveLength(1);
  return hits[0]!;
};

// One table per claim kind: the document line, the claim text, the verdict it must get.
const TABLE: [kind: string, doc: string, text: string, verdict: string][] = [
  ['existence', 'See `src/util/paths.ts`.', 'src/util/paths.ts', 'verified'],
  ['existence', 'See `src/utils/paths.ts`.', 'src/utils/paths.ts', 'contradicted'],
  ['existence', 'Built to `dist/index.js`.', 'dist/index.js', 'unverified'],
  ['existence', 'Read [usage](#usage).', '#usage', 'verified'],
  ['existence', 'Read [install](#install).', '#install', 'contradicted'],
  ['existence', 'Read [x](./missing.md#top).', 'heading:./missing.md#top', 'unverified'],
  ['existence', 'Read [x](./missing.md#top).', 'path:./missing.md#top', 'contradicted'],
  ['structure', '`src/server.ts` exports `createServer`.', 'src/server.ts exports createServer', 'verified'],
  ['structure', '`src/server.ts` exports `ghost`.', 'src/server.ts exports ghost', 'contradicted'],
  ['structure', 'Call `joinPaths()`.', 'joinPaths()', 'verified'],
  ['structure', 'Call `somethingElse()`.', 'somethingElse()', 'unverified'],
  [
    'structure',
    "```ts\nimport { createServer } from 'control-pkg';\n```",
    'control-pkg exports createServer',
    'verified',
  ],
  [
    'structure',
    "```ts\nimport { listen } from 'control-pkg';\n```",
    'control-pkg exports listen',
    'contradicted',
  ],
  [
    'relation',
    '`src/server.ts` imports `src/util/paths.ts`.',
    'src/server.ts imports src/util/paths.ts',
    'verified',
  ],
  [
    'relation',
    '`src/util/paths.ts` imports `src/server.ts`.',
    'src/util/paths.ts imports src/server.ts',
    'contradicted',
  ],
  ['relation', '`src/util/paths.ts` uses `zod` for schemas.', 'src/util/paths.ts imports zod', 'verified'],
  ['relation', '`lib/gone.ts` imports `src/server.ts`.', 'lib/gone.ts imports src/server.ts', 'unverified'],
  ['behaviour', 'Run `npm run build`.', 'npm run build', 'verified'],
  ['behaviour', 'Run `npm run lint`.', 'npm run lint', 'contradicted'],
  // pnpm runs a dependency's bin when no script has the name; uninstalled, that cannot be ruled out.
  ['behaviour', 'Run `pnpm lint`.', 'pnpm lint', 'unverified'],
  ['behaviour', '```sh\nyarn test\n```', 'yarn test', 'verified'],
  ['behaviour', '```sh\nnpx vitest run\n```', 'npx vitest run', 'verified'],
  ['behaviour', 'Try `npx cowsay`.', 'npx cowsay', 'unverified'],
  ['behaviour', 'Run `control --strict`.', 'control --strict', 'verified'],
  ['behaviour', 'Run `control --frobnicate`.', 'control --frobnicate', 'contradicted'],
  ['state', 'Requires Node.js 20 or later.', 'Node.js 20 or later', 'verified'],
  ['state', 'Requires Node.js 18 or later.', 'Node.js 18 or later', 'contradicted'],
  ['state', 'Validation uses zod 4.', 'zod 4', 'verified'],
  ['state', 'Validation uses zod 3.', 'zod 3', 'contradicted'],
];

describe('verdicts per claim kind', () => {
  it.each(TABLE)('%s: %s → %s is %s', (kind, doc, text, verdict) => {
    const v = verdictOf(doc, text);
    expect(v.verdict).toBe(verdict);
    if (kind) expect(v.kind).toBe(kind);
    expect(v.stated_at[0]!.path).toBe('README.md');
    expect(v.reason.length).toBeGreaterThan(0);
  });

  it('gives evidence on both sides and near misses for repair', () => {
    const v = verdictOf('See `src/utils/paths.ts`.', 'src/utils/paths.ts');
    expect(v.near_misses).toEqual(['src/util/paths.ts']);
    expect(v.stated_at[0]).toMatchObject({ line: 1, column: 6 });
    const e = verdictOf('`src/server.ts` exports `createServer`.', 'src/server.ts exports createServer');
    expect(e.evidence).toEqual([{ path: 'src/server.ts', line: 2 }]);
  });

  it('reads nothing inside fenced code but commands and own-package imports', () => {
    const r = run('```ts\n// see `src/nope.ts` and createNothing()\nconst x = 1;\n```\n');
    expect(r.verdicts).toEqual([]);
  });

  it('dedups by (claim, verdict) and keeps every place it is stated', () => {
    const r = run('Run `npm run build`.\n\nAgain: `npm run build`.\n');
    const builds = r.verdicts.filter((v) => v.text === 'npm run build');
    expect(builds).toHaveLength(1);
    expect(builds[0]!.stated_at.map((s) => s.line)).toEqual([1, 3]);
  });

  // A dependency's name before a measurement is a benchmark figure, not a version statement.
  it('reads no version from a number with a unit after a dependency name', () => {
    const r = run('A cold scan: zod 26.2 s, zod 3 ms, zod 40 MB, zod 5× slower, zod 2 files.\n');
    expect(r.verdicts.filter((v) => v.kind === 'state')).toEqual([]);
    expect(verdictOf('Then zod 3 ms later it uses zod 3.\n', 'zod 3').verdict).toBe('contradicted');
  });

  it('produces a report that matches the published schema', () => {
    expect(claimsReportSchema.safeParse(run('See `src/utils/paths.ts`.')).success).toBe(true);
  });
});

describe('calibration', () => {
  it('trusts every shipped detector', () => {
    const r = run('x');
    expect(r.calibration.filter((c) => !c.trusted)).toEqual([]);
    expect(r.confidence).toBe('high');
  });

  it('a deliberately broken detector is untrusted and its claims become unverified', () => {
    const alwaysYes: Detector<'path'> = {
      ...DETECTORS.path,
      decide: () => ({ verdict: 'verified', reason: 'yes', evidence: [], near_misses: [] }),
    };
    const r = run('See `src/utils/paths.ts` and run `npm run lint`.', { path: alwaysYes });
    const path = r.verdicts.find((v) => v.text === 'src/utils/paths.ts')!;
    expect(path.verdict).toBe('unverified');
    expect(path.reason).toMatch(
      /detector path is untrusted \(calibration: the known-bad control came out verified/,
    );
    expect(r.calibration.find((c) => c.detector === 'path')).toMatchObject({
      trusted: false,
      bad_control: 'verified',
    });
    // Other detectors still decide.
    expect(r.verdicts.find((v) => v.text === 'npm run lint')!.verdict).toBe('contradicted');
    expect(r.confidence).toBe('low');
  });

  it('a detector that throws is untrusted too', () => {
    const throws: Detector<'script'> = {
      ...DETECTORS.script,
      decide: () => {
        throw new Error('boom');
      },
    };
    const r = run('x', { script: throws });
    expect(r.calibration.find((c) => c.detector === 'script')!.trusted).toBe(false);
  });
});
