/**
 * Issue 16: claims read the way a reader reads real documentation. One fixture per scenario;
 * each case asserts the verdict, the place it was stated and the evidence (file:line) behind it.
 * "Contradicted" only when no reading finds the thing; otherwise "unverified" with the reason.
 */
import { cpSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { claimsReportSchema, type VerdictEntry } from '../../src/claims/index.js';
import { runCli } from '../helpers/cli.js';
import { tmpRepo } from '../helpers/tmp-repo.js';

const fixtures = new URL('../fixtures', import.meta.url).pathname;

async function claims(dir: string, files: string[] = []) {
  const r = await runCli(['claims', ...files, '--format', 'json'], dir);
  const report = claimsReportSchema.parse(JSON.parse(r.stdout));
  if (report.type !== 'investigation_report') throw new Error(`blocked: ${report.reason}`);
  return { report, exitCode: r.exitCode };
}

async function fixture(name: string, files: string[] = []) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'proofmap-readings-'));
  cpSync(path.join(fixtures, name), dir, { recursive: true });
  return claims(dir, files);
}

/** The one verdict of `detector` on the claim `text`. */
function entry(report: { verdicts: VerdictEntry[] }, detector: string, text: string): VerdictEntry {
  const hits = report.verdicts.filter((v) => v.detector === detector && v.text === text);
  expect(
    hits,
    `${detector}:${text} in ${report.verdicts.map((v) => `${v.detector}:${v.text}`).join(' ')}`,
  ).toHaveLength(1);
  return hits[0]!;
}

const at = (v: VerdictEntry) => v.stated_at.map((s) => `${s.path}:${s.line}`);
const evidence = (v: VerdictEntry) => v.evidence.map((e) => (e.line ? `${e.path}:${e.line}` : e.path));

describe('1. instructions and placeholders are not claims that a file exists', async () => {
  const { report } = await fixture('claims-instructions-placeholders');
  it.each([
    ['.github/workflows/release.yml', 'README.md:3', /tells the reader .* to create/],
    ['config/generated/settings.json', 'README.md:4', /to create or write it/],
    ['some/page.html', 'README.md:5', /placeholder/],
    ['abc/a.js', 'README.md:5', /placeholder/],
    ['yyyymmdd-xxx.md', 'docs/adr/template.md:3', /placeholder/],
    ['docs/adr/NNNN-title.md', 'docs/adr/template.md:3', /create|placeholder/],
  ])('%s is unverified', (text, place, reason) => {
    const v = entry(report, 'path', text);
    expect(v.verdict).toBe('unverified');
    expect(v.reason).toMatch(reason);
    expect(at(v)).toEqual([place]);
  });
  it('a plain statement about a missing file is still contradicted; a real one verified', () => {
    expect(entry(report, 'path', 'src/gone.ts')).toMatchObject({ verdict: 'contradicted' });
    const real = entry(report, 'path', 'src/real.ts');
    expect(real.verdict).toBe('verified');
    expect(evidence(real)).toEqual(['src/real.ts']);
  });
});

describe('2. commands run through the package manager', async () => {
  const { report } = await fixture('claims-pm-monorepo');
  it.each([
    ['pnpm turbo build', 'package.json:6', 'README.md:3', /depends on turbo/],
    ['pnpm vitest', 'package.json:6', 'README.md:3', /depends on vitest/],
    ['yarn next dev', 'packages/web/package.json:4', 'packages/web/README.md:3', /depends on next/],
    ['pnpm dev', 'packages/web/package.json:3', 'packages/web/README.md:3', /runs "next dev"/],
    ['npm run dev', 'packages/web/package.json:3', 'packages/web/README.md:3', /runs "next dev"/],
    ['pnpm --filter web typecheck', 'packages/web/package.json:3', 'README.md:4', /tsc --noEmit/],
    ['yarn workspace web typecheck', 'packages/web/package.json:3', 'README.md:4', /tsc --noEmit/],
  ])('%s is verified by %s', (text, proof, place, reason) => {
    const v = entry(report, 'script', text);
    expect(v.verdict).toBe('verified');
    expect(v.reason).toMatch(reason);
    expect(evidence(v)).toEqual([proof]);
    expect(at(v)).toEqual([place]);
  });
  it('a bin no dependency names, with node_modules not installed, is unverified', () => {
    const v = entry(report, 'script', 'pnpm tsx x.ts');
    expect(v.verdict).toBe('unverified');
    expect(v.reason).toMatch(/node_modules is not installed/);
  });
  it('npm never runs bins: a missing script of the named workspace is contradicted there', () => {
    const v = entry(report, 'script', 'npm run lint --workspace web');
    expect(v.verdict).toBe('contradicted');
    expect(v.reason).toBe('packages/web/package.json has no script "lint"');
    expect(evidence(v)).toEqual(['packages/web/package.json']);
  });
  it('installed dependencies settle bins named unlike their package, both ways', async () => {
    const dir = tmpRepo({
      'package.json': '{"name":"x","devDependencies":{"@acme/tools":"^1.0.0"}}',
      'node_modules/@acme/tools/package.json': '{"name":"@acme/tools","bin":{"acme-lint":"cli.js"}}',
      'README.md': 'Run `pnpm acme-lint` and `pnpm acme-fmt`.\n',
    });
    const { report: r } = await claims(dir);
    const lint = entry(r, 'script', 'pnpm acme-lint');
    expect(lint.verdict).toBe('verified');
    expect(lint.reason).toMatch(/installed package.json declares bin acme-lint/);
    expect(evidence(lint)).toEqual(['package.json:1']);
    const fmt = entry(r, 'script', 'pnpm acme-fmt');
    expect(fmt.verdict).toBe('contradicted');
    expect(fmt.reason).toMatch(/no dependency provides a bin of that name/);
  });
});

describe('3. flags and commands of a bin whose entry imports unbuilt dist/', async () => {
  const { report } = await fixture('claims-bin-unbuilt-dist');
  it('follows dist → src and finds flags and commands with their line', () => {
    expect(evidence(entry(report, 'subcommand', 'mycli serve'))).toEqual(['src/cli.ts:7']);
    const flags = report.verdicts.filter((v) => v.detector === 'flag' && v.verdict === 'verified');
    expect(flags.map((v) => [v.subject, evidence(v)])).toEqual([
      [{ check: 'flag', bin: 'mycli', flag: '--watch' }, ['src/cli.ts:6']],
      [{ check: 'flag', bin: 'mycli', flag: '--out-dir' }, ['src/commands/build.ts:4']],
    ]);
  });
  it('contradicts what the followed source does not define', () => {
    const deploy = entry(report, 'subcommand', 'mycli deploy');
    expect(deploy.verdict).toBe('contradicted');
    expect(evidence(deploy)).toEqual(['src/cli.ts']);
    expect(entry(report, 'flag', 'mycli build --minify').verdict).toBe('contradicted');
  });
  it('is unverified when the import into dist/ has no source to follow', () => {
    const v = entry(report, 'flag', 'other --fast');
    expect(v.verdict).toBe('unverified');
    expect(v.reason).toMatch(
      /bin\/other\.js:2 imports \.\.\/dist\/generated\/other\.js could not be followed/,
    );
  });
});

describe('4. paths relative to the document, its package, the root; .js for .ts', async () => {
  const { report } = await fixture('claims-path-readings');
  it.each([
    [
      'exports/client/index.js',
      'packages/client/src/exports/client/index.ts',
      /under src\/ as its \.ts source/,
    ],
    ['src/util/paths.ts', 'src/util/paths.ts', /relative to the root/],
    ['fr/intro.md', 'docs/fr/intro.md', /relative to docs\//],
    ['./intro.md', 'docs/fr/intro.md', /^the file docs\/fr\/intro\.md exists$/],
  ])('%s is verified as %s', (text, file, reason) => {
    const v = entry(report, 'path', text);
    expect(v.verdict).toBe('verified');
    expect(evidence(v)).toEqual([file]);
    expect(v.reason).toMatch(reason);
  });
  it('contradicts only when no reading finds it, suggesting only near names', () => {
    const typo = entry(report, 'path', 'src/utils/paths.ts');
    expect(typo.verdict).toBe('contradicted');
    expect(typo.near_misses).toEqual(['src/util/paths.ts']);
    const gone = entry(report, 'path', 'src/nowhere/gone.ts');
    expect(gone.verdict).toBe('contradicted');
    expect(gone.near_misses).toEqual([]);
  });
});

describe('5. docs-site conventions', () => {
  it('with a Docusaurus config: extension-less pages, {#custom-id} anchors, index.mdx folders', async () => {
    const { report } = await fixture('claims-docs-site-docusaurus');
    const page = entry(report, 'path', '../access-control/overview');
    expect(page.verdict).toBe('verified');
    expect(evidence(page)).toEqual(['docs/access-control/overview.mdx', 'docusaurus.config.js']);
    const anchor = entry(report, 'heading', '../access-control/overview#roles');
    expect(anchor.verdict).toBe('verified');
    expect(evidence(anchor)).toEqual(['docs/access-control/overview.mdx:7', 'docusaurus.config.js']);
    expect(entry(report, 'heading', '#roles').verdict).toBe('verified');
    expect(entry(report, 'path', '../reference').verdict).toBe('verified');
    expect(entry(report, 'path', '../access-control/gone').verdict).toBe('contradicted');
  });
  it('without a config the same links are unverified, never contradicted', async () => {
    const { report } = await fixture('claims-docs-site-none');
    expect(entry(report, 'path', '../access-control/overview')).toMatchObject({ verdict: 'unverified' });
    const anchor = entry(report, 'heading', '#roles');
    expect(anchor.verdict).toBe('unverified');
    expect(anchor.reason).toMatch(/GitHub does not; no docs-site config was found/);
    expect(evidence(anchor)).toEqual(['docs/access-control/overview.mdx:7']);
  });
});

describe('6. default documents are what agents read', () => {
  it('reads .mdx, nested README/AGENTS/CLAUDE, skills, cursor rules, copilot instructions, readme.md', async () => {
    const { report } = await fixture('claims-agent-files');
    expect(report.documents).toEqual([
      '.claude/skills/release/SKILL.md',
      '.cursor/rules/style.mdc',
      '.github/copilot-instructions.md',
      'docs/page.mdx',
      'packages/a/AGENTS.md',
      'packages/a/CLAUDE.md',
      'packages/a/README.md',
      'readme.md',
    ]);
  });
});

describe('7. anchors, MIME types, conditional versions, changelogs', async () => {
  const { report } = await fixture('claims-false-contradictions', ['README.md', 'CHANGELOG.md']);
  it('an HTML anchor is an anchor; one inside a code block is not', () => {
    const setup = entry(report, 'heading', '#setup');
    expect(setup.verdict).toBe('verified');
    expect(evidence(setup)).toEqual(['README.md:3']);
    expect(entry(report, 'heading', '#in-code').verdict).toBe('contradicted');
    expect(entry(report, 'heading', '#nowhere').verdict).toBe('contradicted');
  });
  it('MIME types, version pairs and extension lists are not paths', () => {
    const texts = report.verdicts.map((v) => v.text);
    for (const t of ['application/x-amz-json-1.1', '6.14.1/6.15.2', '.png/.jpeg'])
      expect(texts).not.toContain(t);
  });
  it('"Node.js 24.5+ for X" is a condition; "Node.js >= 20" is checked against engines', () => {
    const feature = entry(report, 'engines', 'Node.js 24.5+');
    expect(feature.verdict).toBe('unverified');
    expect(feature.reason).toMatch(/stated for a feature/);
    const floor = entry(report, 'engines', 'Node.js >= 20');
    expect(floor.verdict).toBe('verified');
    expect(evidence(floor)).toEqual(['package.json']);
  });
  it('a version in parentheses after a command is what the command needs; after a package name, a floor', () => {
    const command = entry(report, 'engines', 'Node.js 22.5+');
    expect(command.verdict).toBe('unverified');
    expect(command.reason).toMatch(/stated for the command just before it/);
    const floor = entry(report, 'engines', 'Node.js 18+');
    expect(floor.verdict).toBe('contradicted');
    expect(at(floor)).toEqual(['README.md:15']);
  });
  it('"(e.g. `src/missing.ts`)" is an example: the period of "e.g." ends no sentence', () => {
    const example = entry(report, 'path', 'src/missing.ts');
    expect(example.verdict).toBe('unverified');
    expect(example.reason).toMatch(/gives it as an example/);
  });
  it('a changelog records history', () => {
    const old = entry(report, 'engines', 'Node.js 10 or later');
    expect(old.verdict).toBe('unverified');
    expect(old.reason).toMatch(/CHANGELOG\.md is a changelog/);
    expect(at(old)).toEqual(['CHANGELOG.md:5']);
    expect(entry(report, 'path', 'src/legacy.ts').verdict).toBe('unverified');
  });
  it('package versions in install commands are checked against the manifest', () => {
    expect(entry(report, 'package', 'npm install falsecon@2').verdict).toBe('verified');
    const old = entry(report, 'package', 'npm install falsecon@1');
    expect(old.verdict).toBe('contradicted');
    expect(evidence(old)).toEqual(['package.json:1']);
  });
});

describe('8. subcommands, engines and scripts of a named package', async () => {
  const { report, exitCode } = await fixture('claims-cli-commands');
  it('checks subcommands against the commander definitions in source', () => {
    expect(evidence(entry(report, 'subcommand', 'tool init'))).toEqual(['src/cli.js:4']);
    const deploy = entry(report, 'subcommand', 'tool deploy');
    expect(deploy.verdict).toBe('contradicted');
    expect(at(deploy)).toEqual(['README.md:7']);
  });
  it('checks "Node.js >= N" against engines and scripts against the named package', () => {
    expect(entry(report, 'engines', 'Node.js >= 18').verdict).toBe('verified');
    const start = entry(report, 'script', 'pnpm --filter @tool/api start');
    expect(start.verdict).toBe('verified');
    expect(evidence(start)).toEqual(['packages/api/package.json:1']);
    expect(entry(report, 'script', 'npm run migrate -w @tool/api').verdict).toBe('contradicted');
    expect(exitCode).toBe(1);
  });
});

describe("proofmap's own README", () => {
  it('passes its own claims audit: nothing contradicted', async () => {
    const root = path.resolve(fixtures, '../..');
    const { report } = await claims(root, ['README.md']);
    expect(report.verdicts.filter((v) => v.verdict === 'contradicted').map((v) => v.text)).toEqual([]);
    expect(entry(report, 'flag', 'proofmap rank --by centrality').verdict).toBe('verified');
  });
});

describe('4b. installed copies and shipped skills', () => {
  const manifest = '{"name":"pkg","version":"1.0.0","main":"dist/index.js","files":["dist"]}';
  it('a packed copy (only what "files" ships) lacks the docs its README links to: unverified', async () => {
    const dir = tmpRepo({
      'package.json': manifest,
      'dist/index.js': 'module.exports = 1;\n',
      'README.md': 'See [the API](./docs/api.md).\n',
    });
    const { report } = await claims(dir);
    const v = entry(report, 'path', './docs/api.md');
    expect(v.verdict).toBe('unverified');
    expect(v.reason).toMatch(/package\.json "files" would not ship it: this is a packed copy/);
    expect(evidence(v)).toEqual(['package.json']);
  });
  it('a source checkout with the same manifest holds more than it ships: contradicted', async () => {
    const dir = tmpRepo({
      'package.json': manifest,
      'src/index.ts': 'export const one = 1;\n',
      'README.md': 'See [the API](./docs/api.md).\n',
    });
    const { report } = await claims(dir);
    expect(entry(report, 'path', './docs/api.md').verdict).toBe('contradicted');
  });
  it("a skill shipped for other projects names the user's files: unverified", async () => {
    const dir = tmpRepo({
      'package.json': '{"name":"tool"}',
      'skills/testing/SKILL.md': 'Write a spec in `tests/app.spec.ts`.\n',
      '.claude/skills/own/SKILL.md': 'Edit `src/missing.ts`.\n',
    });
    const { report } = await claims(dir, ['skills/testing/SKILL.md', '.claude/skills/own/SKILL.md']);
    const shipped = entry(report, 'path', 'tests/app.spec.ts');
    expect(shipped.verdict).toBe('unverified');
    expect(shipped.reason).toMatch(/skill shipped for other projects/);
    // The repository's own agent skills are about this repository.
    expect(entry(report, 'path', 'src/missing.ts').verdict).toBe('contradicted');
  });
});
