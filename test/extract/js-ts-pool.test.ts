import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { extractModules } from '../../src/extract/js-ts.js';

/** Real code nobody here wrote: the first JS/TS files of a few packages in node_modules. */
function realFiles(limit: number): { path: string; text: string }[] {
  const out: { path: string; text: string }[] = [];
  const visit = (dir: string) => {
    for (const name of readdirSync(dir).sort()) {
      if (out.length >= limit) return;
      const abs = path.join(dir, name);
      if (statSync(abs).isDirectory()) visit(abs);
      else if (/\.(?:[cm]?js|ts)$/.test(name) && statSync(abs).size < 200_000)
        out.push({ path: path.relative('node_modules', abs), text: readFileSync(abs, 'utf8') });
    }
  };
  for (const pkg of ['zod', 'ajv', '@modelcontextprotocol/sdk', 'graphology-metrics', 'yaml'])
    visit(path.join('node_modules', pkg));
  return out;
}

describe('the parse pool (compiled build, worker threads)', () => {
  it('gives exactly the single-thread facts, in input order', async () => {
    // The pool only spawns workers from the compiled build (npm test builds before vitest).
    const { extractModulesParallel } = await import(
      new URL('../../dist/extract/js-ts-pool.js', import.meta.url).href
    );
    const files = realFiles(1200);
    expect(files.length).toBeGreaterThan(800);
    expect(await extractModulesParallel(files)).toEqual(await extractModules(files));
  });
});
