/**
 * The imported-names check answers the same way whether it walks each name through `export *`
 * chains (a delta) or builds each barrel's whole reach once (a full build): both are compared
 * here on every (target, name) question over a graph made to hold each case — chains, an
 * `export =` and an unresolved star deep in a chain, a cycle entered from either side, and a
 * chain deeper than the reach recursion may go.
 */
import { describe, expect, it } from 'vitest';
import { type ResolvedImport, unexportedImports } from '../../src/map/import-names.js';
import type { ImportFact, ModuleFacts } from '../../src/model/facts.js';

function module(exports: string[], stars: string[] = []): ModuleFacts {
  return {
    imports: stars.map((specifier, i) => star(specifier, i + 1)),
    exports: exports.map((name, i) => ({ name, line: i + 1, typeOnly: false })),
    coverage: [],
  };
}

function star(specifier: string, line: number): ImportFact {
  return { specifier, relation: 're-exports', line, column: 1, names: ['*'], typeOnly: false };
}

function graph(): { modules: Map<string, ModuleFacts>; resolved: ResolvedImport[] } {
  const modules = new Map<string, ModuleFacts>([
    ['top.ts', module(['own'], ['./mid.js'])],
    ['mid.ts', module(['middle', 'default'], ['./leaf.js'])],
    ['leaf.ts', module(['deep', 'default'])],
    ['opaque.ts', module(['export=', 'x'])],
    ['via-opaque.ts', module(['v'], ['./opaque.js'])],
    ['via-package.ts', module(['p'], ['some-package'])],
    ['cyc-a.ts', module(['a'], ['./cyc-b.js'])],
    ['cyc-b.ts', module(['b'], ['./cyc-a.js', './leaf.js'])],
    ['into-cycle.ts', module(['i'], ['./cyc-b.js'])],
  ]);
  // 600 files, each `export *` from the next: deeper than the reach recursion goes.
  for (let i = 0; i < 600; i++)
    modules.set(`chain-${i}.ts`, module([`c${i}`], i < 599 ? [`./chain-${i + 1}.js`] : []));
  const resolved: ResolvedImport[] = [];
  for (const [from, facts] of modules)
    for (const fact of facts.imports)
      if (fact.specifier.startsWith('./'))
        resolved.push({
          from,
          fact,
          target: fact.specifier.slice(2).replace(/\.js$/, '.ts'),
          evidence: { source: 'code', path: from, line: fact.line },
        });
  return { modules, resolved };
}

/**
 * One `import { name } from target` per question, from a file of its own: every name at every
 * short-graph file, and a few names at a few points of the long chain (walking all of it for
 * every name would take the walk minutes).
 */
function questions(modules: Map<string, ModuleFacts>): ResolvedImport[] {
  const short = [...modules.keys()].filter((t) => !t.startsWith('chain-'));
  const names = [...new Set(short.flatMap((t) => modules.get(t)!.exports.map((e) => e.name)))];
  const asked: ResolvedImport[] = [];
  const ask = (target: string, name: string) =>
    asked.push({
      from: 'asker.ts',
      fact: {
        specifier: `./${target}`,
        relation: 'imports',
        line: asked.length + 1,
        column: 1,
        names: [name],
        typeOnly: false,
      },
      target,
      evidence: { source: 'code', path: 'asker.ts', line: asked.length + 1 },
    });
  for (const target of short) for (const name of [...names, 'c0', 'missing', 'default']) ask(target, name);
  for (const target of ['chain-0.ts', 'chain-300.ts', 'chain-598.ts'])
    for (const name of ['c0', 'c300', 'c599', 'own', 'missing', 'default']) ask(target, name);
  return asked;
}

const missed = (findings: ReturnType<typeof unexportedImports>) =>
  findings.map((f) => `${f.target} ${f.message.match(/imports "([^"]+)"/)![1]}`).sort();

describe('the imported-names check: walk per name and whole reach agree', () => {
  it('gives the same findings for every question either way', () => {
    const { modules, resolved } = graph();
    const asked = questions(modules);
    const imports = [...resolved, ...asked];
    const whole = missed(unexportedImports(imports, modules));
    // With resolvedOf given, the check walks (as a delta does); it answers from the same imports.
    const walked = missed(unexportedImports(imports, modules, () => undefined));
    expect(whole).toEqual(walked);
    expect(whole.length).toBeGreaterThan(50);
    const has = (target: string, name: string) => whole.includes(`${target} ${name}`);
    // Chains bring names; `default` is never asked about (interop always provides it).
    expect(has('top.ts', 'deep')).toBe(false);
    expect(has('top.ts', 'missing')).toBe(true);
    expect(has('top.ts', 'default')).toBe(false);
    // Unknown somewhere in the chain: nothing provable.
    expect(has('via-opaque.ts', 'missing')).toBe(false);
    expect(has('via-package.ts', 'missing')).toBe(false);
    // A cycle, entered from each side and from outside.
    for (const t of ['cyc-a.ts', 'cyc-b.ts', 'into-cycle.ts']) {
      expect(has(t, 'a')).toBe(false);
      expect(has(t, 'deep')).toBe(false);
      expect(has(t, 'missing')).toBe(true);
    }
    // The deep chain: its last name is reached from the first file, a missing one is provable.
    expect(has('chain-0.ts', 'c599')).toBe(false);
    expect(has('chain-0.ts', 'missing')).toBe(true);
    expect(has('chain-598.ts', 'c0')).toBe(true);
  });
});
