import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';

// A parsed map.json, edited by hand as a user would: any shape goes.
// biome-ignore lint/suspicious/noExplicitAny: the point is to break the schema
type MapDoc = Record<string, any>;

const repoRoot = path.resolve(new URL('../..', import.meta.url).pathname);
const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

async function scanned(): Promise<{ dir: string; mapFile: string; map: MapDoc }> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'proofmap-guard-'));
  dirs.push(dir);
  cpSync(path.join(repoRoot, 'test/fixtures/import-forms'), dir, { recursive: true });
  expect((await runCli(['scan', dir])).exitCode).toBe(0);
  const mapFile = path.join(dir, '.proofmap/map.json');
  return { dir, mapFile, map: JSON.parse(readFileSync(mapFile, 'utf8')) };
}

describe('proofmap guard on a hand-broken map.json', () => {
  it.each<[string, (map: MapDoc) => void, RegExp]>([
    [
      'a wrong type',
      (m) => {
        m.nodes[1].label = 42;
      },
      /\/nodes\/1\/label: expected string, found number 42/,
    ],
    [
      'a value outside an enum',
      (m) => {
        m.nodes[0].kind = 'banana';
      },
      /\/nodes\/0\/kind: expected one of "file", .*; found string "banana"/,
    ],
    [
      'a missing required field',
      (m) => {
        delete m.meta.source_fingerprint;
      },
      /\/meta: missing required property "source_fingerprint"/,
    ],
  ])('names %s: where, what was expected and what was found (exit 2)', async (_name, breakIt, message) => {
    const { dir, mapFile, map } = await scanned();
    breakIt(map);
    writeFileSync(mapFile, JSON.stringify(map));
    const r = await runCli(['guard', dir]);
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toMatch(message);
    expect(r.stderr).toContain('not a valid proofmap.map/v1 file');
    expect(r.stderr.trim().split('\n').length).toBeLessThanOrEqual(2);
  });

  it('tells a file that is not JSON from one that is missing', async () => {
    const { dir, mapFile } = await scanned();
    writeFileSync(mapFile, '{ "nodes": [');
    expect((await runCli(['guard', dir])).stderr).toMatch(/map\.json is not JSON/);
    rmSync(mapFile);
    expect((await runCli(['guard', dir])).stderr).toMatch(/map\.json is missing/);
  });
});
