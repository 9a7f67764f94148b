/**
 * Export edits on a generated monorepo (bench/generate-repo.js: workspace packages, folder
 * barrels with `export *` and by-name re-exports, namespace imports, documents and decision
 * records), each as a delta must equal a full build of the same tree: a seeded run of renames,
 * removals and additions of exported names, the edits agents make most, whose importers and
 * users behind barrels the delta re-analyses instead of refusing. A wrong follower set shows up
 * here as a missing or stale finding or uses edge.
 */
import { cpSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: the generator is plain JavaScript without type declarations.
import { generateRepo } from '../bench/generate-repo.js';
import { scan } from '../src/scan.js';
import { tmpRepo } from './helpers/tmp-repo.js';

/** A small, deterministic pick of `count` items (the same on every run). */
function pick<T>(items: readonly T[], count: number, seed: number): T[] {
  let state = seed;
  const next = () => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state / 2 ** 31;
  };
  const pool = [...items];
  const out: T[] = [];
  while (out.length < count && pool.length > 0)
    out.push(pool.splice(Math.floor(next() * pool.length), 1)[0]!);
  return out;
}

const EXPORTED = /^export (?:const|function|class) ([A-Za-z_$][\w$]*)/m;

/** The three edits, by round: rename the first exported name, stop exporting it, add a new one. */
function exportEdit(text: string, round: number): string | undefined {
  const name = EXPORTED.exec(text)?.[1];
  if (round % 3 === 2) return `${text}export const addedInRound${round} = ${round};\n`;
  if (!name) return undefined;
  if (round % 3 === 0) return text.replace(new RegExp(`\\b${name}\\b`, 'g'), `${name}Renamed${round}`);
  return text.replace(new RegExp(`^export ((?:const|function|class) ${name}\\b)`, 'm'), '$1');
}

describe('export edits on a generated monorepo, as deltas', () => {
  it('each equals a full build of the same tree, and most are deltas', { timeout: 300_000 }, async () => {
    const root = tmpRepo({});
    generateRepo(root, { files: 400, packages: 4, docs: 24, adrs: 4, seed: 11, git: false });
    await scan({ root });
    const files: string[] = JSON.parse(readFileSync(path.join(root, '.proofmap/map.json'), 'utf8'))
      .nodes.filter((n: { kind: string; path?: string }) => n.kind === 'file' && n.path?.endsWith('.ts'))
      .map((n: { path: string }) => n.path);
    const modes: string[] = [];
    for (const [round, rel] of pick(files, 12, 5).entries()) {
      const abs = path.join(root, rel);
      const changed = exportEdit(readFileSync(abs, 'utf8'), round);
      if (changed === undefined) continue;
      writeFileSync(abs, changed);
      const delta = await scan({ root });
      modes.push(delta.mode);
      // The full build of the very same tree, from the map before: only its mode may differ.
      const cold = tmpRepo({});
      cpSync(root, cold, { recursive: true, filter: (src) => !src.includes(`${path.sep}.proofmap`) });
      const before = path.join(cold, '.proofmap');
      rmSync(before, { recursive: true, force: true });
      const full = await scan({ root: cold, force: true });
      const mapOf = (dir: string) => {
        const map = JSON.parse(readFileSync(path.join(dir, '.proofmap/map.json'), 'utf8'));
        delete map.increments;
        delete map.meta.version;
        return JSON.stringify(map, null, 1);
      };
      expect(mapOf(root), `${rel} (round ${round}, ${delta.mode}: ${delta.fullBecause ?? ''})`).toBe(
        mapOf(cold),
      );
      expect(full.mode).toBe('full');
    }
    expect(modes.length).toBeGreaterThanOrEqual(10);
    expect(modes.filter((m) => m === 'delta').length).toBeGreaterThanOrEqual(modes.length / 2);
  });
});
