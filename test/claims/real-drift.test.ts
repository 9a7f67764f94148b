/**
 * Drift on real code nobody here wrote: a package copied from node_modules is committed, then
 * drifted the way projects drift (an exported function and a type renamed, a file renamed), and
 * the unchanged README is checked against the new code. Precision of `contradicted` is measured
 * against the known drift; unchanged READMEs measure false alarms.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { InvestigationReport } from '../../src/claims/schema.js';
import { runCli } from '../helpers/cli.js';

const copy = (pkg: string) => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'proofmap-real-'));
  cpSync(path.resolve('node_modules', pkg), dir, { recursive: true, dereference: true });
  return dir;
};
const claims = async (dir: string) =>
  JSON.parse((await runCli(['claims', 'readme.md', '--format', 'json'], dir)).stdout) as InvestigationReport;
const git = (dir: string, ...args: string[]) =>
  execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', ...args], {
    cwd: dir,
    stdio: 'pipe',
  }).toString();

function codeFiles(dir: string, rel = ''): string[] {
  return readdirSync(path.join(dir, rel)).flatMap((n) => {
    const p = rel ? `${rel}/${n}` : n;
    if (statSync(path.join(dir, p)).isDirectory()) return n === '.git' ? [] : codeFiles(dir, p);
    return /\.(js|ts)$/.test(n) ? [p] : [];
  });
}

const DRIFT = { fromMarkdown: 'parseMarkdownTree', CompileContext: 'CompilerContext' };
const isDrift = (text: string) =>
  /fromMarkdown|CompileContext|\blicense\b/.test(text) && !/parseMarkdownTree/.test(text);

describe('claims on real repositories', () => {
  it('finds renamed exports and files in mdast-util-from-markdown with high precision', async () => {
    const dir = copy('mdast-util-from-markdown');
    git(dir, 'init', '-q');
    git(dir, 'add', '-A');
    git(dir, 'commit', '-qm', 'v1');
    const before = await claims(dir);
    for (const file of codeFiles(dir)) {
      let text = readFileSync(path.join(dir, file), 'utf8');
      for (const [from, to] of Object.entries(DRIFT))
        text = text.replace(new RegExp(`\\b${from}\\b`, 'g'), to);
      writeFileSync(path.join(dir, file), text);
    }
    renameSync(path.join(dir, 'license'), path.join(dir, 'LICENSE.txt'));
    git(dir, 'add', '-A');
    git(dir, 'commit', '-qm', 'v2: rename fromMarkdown, CompileContext and license');
    // The docs are those of v1: the README was not touched by the drift commit.
    expect(git(dir, 'diff', 'HEAD~1', '--stat', '--', 'readme.md')).toBe('');
    const after = await claims(dir);

    const contradicted = after.verdicts.filter((v) => v.verdict === 'contradicted');
    const truePositives = contradicted.filter((v) => isDrift(v.text));
    const drifted = before.verdicts.filter((v) => v.verdict === 'verified' && isDrift(v.text));
    const found = drifted.filter((d) =>
      contradicted.some((c) => JSON.stringify(c.subject) === JSON.stringify(d.subject)),
    );
    const precision = truePositives.length / contradicted.length;
    console.log(
      `drift: ${contradicted.length} contradicted, ${truePositives.length} true drift → precision ${precision.toFixed(2)}; ` +
        `recall ${found.length}/${drifted.length} of claims verified before the drift\n` +
        contradicted
          .map((v) => `  ${isDrift(v.text) ? 'TP' : 'FP'} L${v.stated_at[0]!.line} ${v.text}: ${v.reason}`)
          .join('\n'),
    );
    expect(contradicted.some((v) => v.text === 'mdast-util-from-markdown exports fromMarkdown')).toBe(true);
    expect(
      contradicted.find((v) => v.subject.check === 'symbol' && v.subject.name === 'CompileContext'),
    ).toBeUndefined();
    expect(precision).toBeGreaterThanOrEqual(0.8);
  }, 120_000);

  it.each(['mdast-util-from-markdown', 'mdast-util-gfm', 'micromark-extension-frontmatter'])(
    'unchanged README of %s: counts false alarms',
    async (pkg) => {
      const r = await claims(copy(pkg));
      const contradicted = r.verdicts.filter((v) => v.verdict === 'contradicted');
      console.log(
        `${pkg}: ${r.summary.claims} claims, ${r.summary.verified} verified, ${contradicted.length} contradicted, ${r.summary.unverified} unverified\n` +
          contradicted.map((v) => `  L${v.stated_at[0]!.line} ${v.text}: ${v.reason}`).join('\n'),
      );
      // Inspected by hand: none of these READMEs is wrong about its own package.
      expect(contradicted).toEqual([]);
      expect(r.calibration.every((c) => c.trusted)).toBe(true);
    },
    60_000,
  );
});
