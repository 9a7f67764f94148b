/** The library call: modes, rule semantics, endpoint matching, ignore, determinism, regex checks. */
import { describe, expect, it } from 'vitest';
import { CheckupError, checkup } from '../../src/checkup/index.js';
import { parseConfig } from '../../src/discover/config.js';
import { backtrackingRisk, type ProofmapConfig } from '../../src/model/config.js';
import { ConfigError } from '../../src/model/errors.js';
import { scan } from '../../src/scan.js';
import { tmpRepo } from '../helpers/tmp-repo.js';

const layered = {
  'package.json': '{ "name": "x", "main": "src/index.js" }',
  'src/index.js':
    "import { readFileSync } from 'node:fs';\nimport { m } from './model/m.js';\nexport const main = [readFileSync, m];\n",
  'src/model/m.js':
    "import { z } from 'zod';\nimport { main } from '../index.js';\nexport const m = [z, main];\n",
};

async function mapOf(files: Record<string, string>) {
  return (await scan({ root: tmpRepo(files), write: false })).map;
}

describe('checkup modes', () => {
  const config = {
    rules: [{ kind: 'forbidden' as const, from: { path: 'src/index.js' }, to: { path: 'external:node:fs' } }],
  };

  it('warn returns, throw raises CheckupError with the result, off checks nothing', async () => {
    const map = await mapOf(layered);
    const warned = checkup(map, config, { mode: 'warn' });
    expect(warned.ok).toBe(false);
    expect(warned.problems.filter((p) => p.kind === 'error').map((p) => [p.code, p.to])).toEqual([
      ['forbidden-dependency', 'external:node:fs'],
    ]);
    let thrown: unknown;
    try {
      checkup(map, config, { mode: 'throw' });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(CheckupError);
    expect((thrown as CheckupError).result.problems).toEqual(warned.problems);
    expect(checkup(map, config, { mode: 'off' })).toMatchObject({ ok: true, skipped: true, problems: [] });
    // Warnings alone never throw.
    expect(() => checkup(map, {}, { mode: 'throw' })).not.toThrow();
  });

  it('is deterministic: the same map gives the same problems in the same order', async () => {
    const map = await mapOf(layered);
    const shuffled = { ...map, nodes: [...map.nodes].reverse(), edges: [...map.edges].reverse() };
    expect(checkup(shuffled, config)).toEqual(checkup(map, config));
  });
});

describe('rules', () => {
  it('allowed-only flags edges to anything outside `to`, and externals are named by key', async () => {
    const map = await mapOf(layered);
    const r = checkup(map, {
      rules: [
        { kind: 'allowed-only', from: { path: 'src/model/**' }, to: { pattern: '^(src/model/|external:)' } },
      ],
    });
    expect(
      r.problems.filter((p) => p.code === 'forbidden-dependency').map((p) => `${p.from} -> ${p.to}`),
    ).toEqual(['src/model/m.js -> src/index.js']);
    expect(r.problems.find((p) => p.code === 'forbidden-dependency')!.message).toMatch(
      /allows src\/model\/\*\* to depend only on \/\^\(src\/model\/\|external:\)\//,
    );
  });

  it('an undeclared area or a glob that matches nothing is unknown-node, and the rule is not run', async () => {
    const map = await mapOf(layered);
    const r = checkup(map, {
      rules: [{ kind: 'forbidden', from: { area: 'ui' }, to: { path: 'src/nope/**' } }],
    });
    expect(r.problems.map((p) => p.code)).toEqual(['unknown-node', 'unknown-node', 'import-cycle']);
    expect(r.problems[0]!.message).toMatch(
      /^rules\[0\] from: area "ui" is not declared under areas, so the rule can never apply/,
    );
    expect(r.problems[1]!.message).toMatch(
      /^rules\[0\] to: src\/nope\/\*\* matches no file, document or package in the map/,
    );
  });

  it('severity warning keeps ok true; relations narrow what a rule looks at', async () => {
    const map = await mapOf(layered);
    const rule = { kind: 'forbidden' as const, from: { path: 'src/**' }, to: { path: 'external:npm:zod' } };
    expect(checkup(map, { rules: [{ ...rule, severity: 'warning' }] }).ok).toBe(true);
    expect(checkup(map, { rules: [{ ...rule, relations: ['requires'] }] }).ok).toBe(true);
  });

  it('shadowed-rule for allowed-only: a later rule that allows more from a subset', async () => {
    const map = await mapOf(layered);
    const earlier = { kind: 'allowed-only' as const, from: { path: 'src/**' }, to: { path: 'src/**' } };
    const later = {
      kind: 'allowed-only' as const,
      from: { path: 'src/model/**' },
      to: { path: ['src/**', 'external:**'] },
    };
    const codes = (rules: NonNullable<ProofmapConfig['rules']>) =>
      checkup(map, { rules }).problems.filter((p) => p.code === 'shadowed-rule').length;
    expect(codes([earlier, later])).toBe(1);
    // Reversed, the narrower-from rule comes first and allows more: the broad one still adds src/index.js.
    expect(codes([later, earlier])).toBe(0);
  });
});

describe('no-entry', () => {
  it('is a warning, not an error, when package.json names only build output', async () => {
    const map = await mapOf({
      'package.json': '{ "name": "x", "main": "dist/index.js" }',
      'lib/a.js': 'export {}',
    });
    const r = checkup(map, {});
    expect(r.ok).toBe(true);
    expect(r.problems.map((p) => [p.kind, p.code])).toEqual([['warning', 'no-entry']]);
    expect(r.problems[0]!.message).toMatch(/dist\/index\.js \(package\.json:1\)/);
  });
});

describe('checkup.ignore', () => {
  it('drops problems located only under the globs and counts them; config-located ones stay', async () => {
    const map = await mapOf({ ...layered, 'fixtures/dead.js': 'export {}' });
    const r = checkup(map, { entries: ['nothing/**'], checkup: { ignore: ['fixtures/**', 'src/**'] } });
    expect(r.problems.map((p) => p.code)).toEqual(['unknown-node']);
    expect(r.ignored).toBe(2); // the unreachable fixture and the cycle
  });
});

describe('user regexes', () => {
  it.each([
    ['(a+)+', true],
    ['(a|a)*', true],
    ['(.*)*', true],
    ['(\\w+\\s?)+$', true],
    ['((ab)*)+', true],
    ['(x{2,})*', true],
    ['^src/(?!cli/)', false],
    ['^(src/model/|external:)', false],
    ['[(a+)+]', false],
    ['\\(a+\\)+', false],
    ['(a|b)*', false],
    ['(ab)+c+', false],
    ['(a{2,3})+', false],
  ])('%s → risky %s', (pattern, risky) => {
    expect(backtrackingRisk(pattern) !== undefined).toBe(risky);
  });

  it('invalid syntax and risky patterns are ConfigErrors with file:line and key path', () => {
    const yaml = 'rules:\n  - kind: forbidden\n    from: { path: "src/**" }\n    to: { pattern: "([a-z" }\n';
    expect(() => parseConfig('proofmap.config.yaml', yaml)).toThrow(ConfigError);
    expect(() => parseConfig('proofmap.config.yaml', yaml)).toThrow(
      /proofmap\.config\.yaml:4: rules\[0\]\.to\.pattern: not a valid regular expression/,
    );
  });
});
