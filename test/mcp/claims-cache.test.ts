/**
 * The claims cache's shortcut on real files: a repeat with nothing changed is answered from the
 * stat stamps alone, and every kind of change on disk — a document, code, a new file, a removed
 * one, a rename — makes the next call rerun the claims and answer what the files now say. The
 * clock is moved 10 s ahead, as if the call came later: stamps younger than 3 s are never trusted.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ClaimsReport } from '../../src/claims/index.js';
import { runClaims } from '../../src/claims-run.js';
import { claimsCache } from '../../src/mcp/claims-cache.js';
import { tmpRepo } from '../helpers/tmp-repo.js';
import { cacheFor, WITNESS_MODES } from './witnessed.js';

const later = () => Date.now() + 10_000;

/** What a report says, without the parts that do not depend on the files. */
const verdicts = (r: ClaimsReport) =>
  r.type === 'investigation_report' ? r.verdicts.map((v) => [v.text, v.verdict, v.reason]) : [r.type];

function repo() {
  return fs.realpathSync(
    tmpRepo({
      'package.json': '{"name":"ok","scripts":{"build":"tsc"}}',
      'README.md': 'Run `npm run build`. The entry is `src/main.ts`.\n',
      'src/main.ts': 'export const main = 1;\n',
    }),
  );
}

describe.each(WITNESS_MODES)('claims cache by content, with %s', (_, witnessed, repeat) => {
  const cacheOf = cacheFor(witnessed, later, claimsCache);

  it('a repeat with nothing changed is answered from the stamps; a fresh stamp is not trusted', async () => {
    const root = repo();
    const cache = cacheOf(root);
    const first = await cache.report(undefined);
    expect(first.cached).toBe(false);
    expect(await cache.report(undefined)).toMatchObject({ cached: true, checked: repeat });
    // Other documents asked for: not the cached answer.
    expect((await cache.report(['README.md'])).cached).toBe(false);
    // Taken with the real clock, the files written a moment ago are too recent to vouch for.
    const now = cacheOf(root, Date.now);
    await now.report(undefined);
    expect(await now.report(undefined)).toMatchObject({ cached: true, checked: 'content' });
  });

  it.each([
    [
      'a document edited',
      (root: string) => fs.writeFileSync(path.join(root, 'README.md'), 'Run `npm run lint`.\n'),
    ],
    [
      'the manifest edited',
      (root: string) =>
        fs.writeFileSync(path.join(root, 'package.json'), '{"name":"ok","scripts":{"lint":"tsc"}}'),
    ],
    ['a file removed', (root: string) => fs.rmSync(path.join(root, 'src/main.ts'))],
    [
      'a document edited by another process',
      (root: string) =>
        execFileSync(process.execPath, [
          '-e',
          `require('fs').writeFileSync(${JSON.stringify(path.join(root, 'README.md'))}, 'Run \`npm run lint\`.')`,
        ]),
    ],
    [
      'a file renamed',
      (root: string) => fs.renameSync(path.join(root, 'src/main.ts'), path.join(root, 'src/app.ts')),
    ],
    [
      'a file added that a claim names',
      (root: string) => {
        fs.writeFileSync(path.join(root, 'README.md'), 'Run `npm run build`. See `src/new/extra.ts`.\n');
        fs.mkdirSync(path.join(root, 'src/new'));
        fs.writeFileSync(path.join(root, 'src/new/extra.ts'), 'export const x = 1;\n');
      },
    ],
  ])('%s: the next call reruns and answers what the files say now', async (_, change) => {
    const root = repo();
    const cache = cacheOf(root);
    const before = await cache.report(undefined);
    expect((await cache.report(undefined)).checked).toBe(repeat);
    change(root);
    const after = await cache.report(undefined);
    expect(after.cached).toBe(false);
    expect(verdicts(after.report)).toEqual(verdicts(await runClaims({ root })));
    expect(verdicts(after.report)).not.toEqual(verdicts(before.report));
  });

  it('a file added in a new folder is seen, though no listed file changed', async () => {
    const root = repo();
    fs.writeFileSync(path.join(root, 'README.md'), 'The helper is `lib/helper.ts`.\n');
    const cache = cacheOf(root);
    const before = await cache.report(undefined);
    expect((await cache.report(undefined)).checked).toBe(repeat);
    fs.mkdirSync(path.join(root, 'lib'));
    fs.writeFileSync(path.join(root, 'lib/helper.ts'), 'export const h = 1;\n');
    const after = await cache.report(undefined);
    expect(after.cached).toBe(false);
    expect(verdicts(after.report)).not.toEqual(verdicts(before.report));
    expect(verdicts(after.report)).toEqual(verdicts(await runClaims({ root })));
  });
});
