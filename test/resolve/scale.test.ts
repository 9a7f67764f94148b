import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createResolver } from '../../src/resolve/index.js';
import { inputFor } from './fixture.js';
import { generateRepo } from './generated-repo.js';

describe('resolution speed on a generated 7000-file monorepo', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'proofmap-resolve-speed-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const imports = generateRepo(dir);
  const input = inputFor(dir);

  // Speed is measured in bench/, not asserted here; this checks the answers at that scale and
  // prints the CPU time for the curious.
  it('resolves 70 000 imports of a generated monorepo to the expected kinds', () => {
    let best = Number.POSITIVE_INFINITY;
    let kinds: Record<string, number> = {};
    for (let run = 0; run < 1; run++) {
      const before = process.cpuUsage();
      const resolver = createResolver(input);
      kinds = {};
      for (const { from, specifier } of imports) {
        const kind = resolver.resolve(from, specifier).kind;
        kinds[kind] = (kinds[kind] ?? 0) + 1;
      }
      const used = process.cpuUsage(before);
      best = Math.min(best, (used.user + used.system) / 1000);
    }
    console.log(`resolve: ${input.files.size} files, ${imports.length} imports, ${best.toFixed(0)} ms CPU`);
    expect(input.files.size).toBeGreaterThanOrEqual(7000);
    expect(kinds).toEqual({ file: 56_000, external: 7000, builtin: 7000 });
  });
});
