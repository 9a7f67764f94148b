/**
 * The documented library API is the real one: every name docs/api.md documents is exported by
 * the built package (values by dist/index.js, types by dist/index.d.ts), every name the package
 * exports is documented, and every example runs, as a user would run it, in a repository that
 * imports `proofmap` from node_modules.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { tmpRepo } from '../helpers/tmp-repo.js';

const REPO = path.resolve(import.meta.dirname, '../..');
const DOC = readFileSync(path.join(REPO, 'docs/api.md'), 'utf8');
const DIST = path.join(REPO, 'dist/index.js');

const documentedValues = [...DOC.matchAll(/^### `(\w+)`$/gm)].map((m) => m[1]!);
const typesSection = DOC.slice(DOC.indexOf('## Types'));
const documentedTypes = [...typesSection.matchAll(/`(\w+)`/g)]
  .map((m) => m[1]!)
  .filter((n) => /^[A-Z]/.test(n));
const examples = [...DOC.matchAll(/```js\n([\s\S]*?)```/g)].map((m) => m[1]!);

/** Type names src/index.ts exports: `type X` inside braces, and every export of a `export type *` module. */
function exportedTypeNames(): string[] {
  const index = readFileSync(path.join(REPO, 'src/index.ts'), 'utf8');
  const names = new Set<string>();
  for (const m of index.matchAll(/export type \{([^}]*)\}/g))
    for (const n of m[1]!.split(',')) names.add(n.trim());
  for (const m of index.matchAll(/export \{([^}]*)\}/g))
    for (const n of m[1]!.split(',')) if (n.trim().startsWith('type ')) names.add(n.trim().slice(5).trim());
  for (const m of index.matchAll(/export type \* from '\.\/(.+)\.js'/g)) {
    const text = readFileSync(path.join(REPO, 'src', `${m[1]}.ts`), 'utf8');
    for (const t of text.matchAll(/^export (?:type|interface) (\w+)/gm)) names.add(t[1]!);
  }
  names.delete('');
  return [...names].sort();
}

describe('docs/api.md against the built package', () => {
  beforeAll(() => {
    if (!existsSync(DIST)) execFileSync('npm', ['run', 'build'], { cwd: REPO, stdio: 'pipe' });
  });

  it('documents every value the package exports, and exports every value it documents', async () => {
    const api = (await import(DIST)) as Record<string, unknown>;
    const exported = Object.keys(api).sort();
    expect(documentedValues.length).toBeGreaterThan(20);
    expect([...documentedValues].sort()).toEqual(exported);
    for (const name of documentedValues) expect(api[name], name).toBeDefined();
  });

  it('documents every exported type, and each is declared by dist/index.d.ts', () => {
    // `export type * from './model/types.js'` declares its names in that module's own d.ts.
    const dts = ['dist/index.d.ts', 'dist/model/types.d.ts']
      .map((f) => readFileSync(path.join(REPO, f), 'utf8'))
      .join('\n');
    expect([...new Set(documentedTypes)].sort()).toEqual(exportedTypeNames());
    for (const name of documentedTypes) expect(dts, name).toMatch(new RegExp(`\\b${name}\\b`));
  });

  it('keeps the internals out', async () => {
    const api = (await import(DIST)) as Record<string, unknown>;
    for (const internal of [
      'brandes',
      'round6',
      'seededRandom',
      'samplePivots',
      'pagerank',
      'indexView',
      'GraphMemory',
    ])
      expect(api[internal], internal).toBeUndefined();
  });
});

describe('the examples in docs/api.md', () => {
  it('run in order, importing proofmap from node_modules, and print what they say', () => {
    const root = tmpRepo({
      'package.json': '{ "name": "api-example", "version": "1.0.0", "type": "module", "main": "src/a.ts" }\n',
      'src/core.ts': 'export const core = 1;\nexport function coreName() {\n  return "core";\n}\n',
      'src/a.ts': "import { core } from './core.js';\nexport const a = core + 1;\n",
      'src/b.ts': "import { core, coreName } from './core.js';\nexport const b = coreName() + core;\n",
      'README.md': '# api example\n\nThe shared value lives in `src/core.ts`.\n',
      'proofmap.config.json': '{ "gate": { "fanIn": 2, "block": true } }\n',
    });
    const state = tmpRepo({});
    mkdirSync(path.join(root, 'node_modules'));
    symlinkSync(REPO, path.join(root, 'node_modules', 'proofmap'), 'dir');
    expect(examples.length).toBeGreaterThanOrEqual(9);
    const outputs: string[] = [];
    for (const [i, code] of examples.entries()) {
      const file = path.join(root, `example-${i}.mjs`);
      writeFileSync(file, code);
      let out: string;
      try {
        out = execFileSync(process.execPath, [file], {
          cwd: root,
          encoding: 'utf8',
          // Consult markers live in a per-user state folder; a throwaway one for the examples.
          env: { ...process.env, NO_COLOR: '1', PROOFMAP_STATE_DIR: state },
        });
      } catch (error) {
        const e = error as { stderr?: string; stdout?: string };
        throw new Error(`example ${i + 1} failed:\n${code}\n${e.stderr ?? ''}${e.stdout ?? ''}`);
      }
      outputs.push(out);
    }
    if (process.env.PROOFMAP_SHOW_EXAMPLES) process.stderr.write(outputs.join('----\n'));
    const [scanned, read, impacted, queried, searched, checked, claimed, gated, viewed, vocab] = outputs;
    expect(scanned).toMatch(/^full \d+ nodes \d+ edges/);
    expect(read).toMatch(/ 0 schema problems\ntrue\n$/);
    expect(impacted).toMatch(/^\S+ 2 \[ '1 src\/a\.ts', '1 src\/b\.ts' \]/);
    expect(queried).toMatch(/used by 2/);
    expect(queried).toMatch(/refs \[ 'src\/a\.ts:1', 'src\/b\.ts:1' \]/);
    expect(searched).toMatch(/'path core\.ts src\/core\.ts'/);
    expect(searched).toMatch(/'symbol coreName src\/core\.ts'/);
    expect(checked).toMatch(/^(true|false) /);
    expect(checked).toMatch(/2\.1\.0\n$/);
    expect(claimed).toMatch(/^investigation_report \d+ claims [01]\n/);
    // The library's queries write no consult marker unless asked to: only the second consult counts.
    expect(gated).toMatch(
      /^deny deny pass src\/core\.ts\n.*run `map_impact` on it or `proofmap impact src\/core\.ts` first/,
    );
    expect(viewed).toMatch(/^\d+ bytes\n$/);
    expect(existsSync(path.join(root, '.proofmap/library-map.html'))).toBe(true);
    expect(vocab).toBe('src/core.ts\ntrue no proofmap index in /nonexistent-repository\n');
  });
});
