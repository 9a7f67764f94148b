/** `check --format sarif` against the official SARIF 2.1.0 schema, plus what code scanning needs per rule. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { INFORMATION_URI } from '../../src/model/sarif.js';
import { runCli } from '../helpers/cli.js';
import { tmpRepo } from '../helpers/tmp-repo.js';
import { officialSarifValidator } from './sarif-official.js';

const repo = {
  'package.json': '{ "name": "x", "main": "src/index.js" }',
  'proofmap.config.json': JSON.stringify(
    {
      rules: [
        { name: 'no-fs', kind: 'forbidden', from: { path: 'src/**' }, to: { path: 'external:node:fs' } },
      ],
    },
    null,
    2,
  ),
  'src/index.js':
    "import { readFileSync } from 'node:fs';\nimport { a } from './a.js';\nexport const x = [readFileSync, a];\n",
  'src/a.js': "import { x } from './index.js';\nexport const a = () => x;\n",
  'src/dead.js': 'export const d = 1;\n',
};

describe('SARIF', () => {
  it('validates against the official 2.1.0 schema, and the schema does reject a broken log', async () => {
    const validate = officialSarifValidator();
    const r = await runCli(['check', tmpRepo(repo), '--format', 'sarif']);
    const sarif = JSON.parse(r.stdout);
    expect(validate(sarif), JSON.stringify(validate.errors)).toBe(true);
    expect(sarif.runs[0].results.map((x: { ruleId: string }) => x.ruleId).sort()).toEqual([
      'forbidden-dependency',
      'import-cycle',
      'unreachable-module',
    ]);
    const broken = structuredClone(sarif);
    broken.runs[0].results[0].level = 'fatal';
    broken.runs[0].results[0].locations[0].physicalLocation.region.startLine = 0;
    expect(validate(broken)).toBe(false);
  });

  it('informationUri and helpUri are our package.json home, or absent: never an address nobody serves', async () => {
    const manifest = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));
    const repository =
      typeof manifest.repository === 'string' ? manifest.repository : manifest.repository?.url;
    const home: string | undefined =
      manifest.homepage ?? repository?.replace(/^git\+/, '').replace(/\.git$/, '');
    expect(INFORMATION_URI).toBe(home);
    const r = await runCli(['check', tmpRepo(repo), '--format', 'sarif']);
    const log = JSON.parse(r.stdout);
    const driver = log.runs[0].tool.driver;
    expect(driver.informationUri).toBe(home);
    for (const rule of driver.rules) expect(rule.helpUri, rule.id).toBe(home);
    // Every other address in the log is the schema's.
    const urls = r.stdout.match(/https?:\/\/[^"\s]+/g) ?? [];
    expect(urls.filter((u) => u !== home)).toEqual([log.$schema]);
  });

  it('has fullDescription and help per rule, and the config line as a related location', async () => {
    const r = await runCli(['check', tmpRepo(repo), '--format', 'sarif']);
    const run = JSON.parse(r.stdout).runs[0];
    for (const rule of run.tool.driver.rules) {
      expect(rule.fullDescription.text.length, rule.id).toBeGreaterThan(20);
      expect(rule.help.text, rule.id).toContain(rule.shortDescription.text);
    }
    const forbidden = run.results.find((x: { ruleId: string }) => x.ruleId === 'forbidden-dependency');
    expect(forbidden.locations).toHaveLength(1);
    expect(forbidden.locations[0].physicalLocation.artifactLocation.uri).toBe('src/index.js');
    const config = forbidden.relatedLocations.find(
      (l: { physicalLocation: { artifactLocation: { uri: string } } }) =>
        l.physicalLocation.artifactLocation.uri === 'proofmap.config.json',
    );
    expect(config.physicalLocation.region.startLine).toBe(3);
    expect(config.message.text).toMatch(/declaration in the config/);
  });
});
