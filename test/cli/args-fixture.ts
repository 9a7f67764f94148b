/** A small scanned repository for the argument tests: a.ts imported by b.ts. */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { scan } from '../../src/scan.js';

let scanned: Promise<string> | undefined;

export function copyFixture(): string {
  const root = mkdtempSync(path.join(os.tmpdir(), 'proofmap-args-'));
  mkdirSync(path.join(root, 'src'));
  writeFileSync(path.join(root, 'package.json'), '{"name":"args-fixture","version":"1.0.0"}\n');
  writeFileSync(path.join(root, 'src/a.ts'), 'export const a = 1;\n');
  writeFileSync(path.join(root, 'src/b.ts'), "import { a } from './a';\nexport const b = a + 1;\n");
  writeFileSync(path.join(root, 'README.md'), '# fixture\n\nThe code is in `src/a.ts`.\n');
  return root;
}

export function makeScanned(): Promise<string> {
  scanned ??= (async () => {
    const root = copyFixture();
    await scan({ root });
    return root;
  })();
  return scanned;
}
