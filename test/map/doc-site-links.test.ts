/**
 * Broken-link findings on a docs site: extension-less page links, `index.mdx` folders and
 * `{#custom-id}` anchors are valid where a docs-site config says so; without one they are
 * skipped with a reason (coverage), never reported broken. A truly missing page still is.
 */
import { cpSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { scan } from '../../src/scan.js';

async function scanFixture(name: string) {
  const root = mkdtempSync(path.join(os.tmpdir(), 'proofmap-site-'));
  cpSync(new URL(`../fixtures/${name}`, import.meta.url), root, { recursive: true });
  return (await scan({ root, write: false })).map;
}

const findings = (map: Awaited<ReturnType<typeof scanFixture>>) =>
  map.findings.map((f) => `${f.evidence[0]!.path}:${f.evidence[0]!.line} ${f.message}`);

describe('doc links on a docs site', () => {
  it('with docusaurus.config.js: page links become edges, only the missing page is broken', async () => {
    const map = await scanFixture('claims-docs-site-docusaurus');
    expect(findings(map)).toEqual([
      'docs/guide/intro.md:4 docs/guide/intro.md:4 links to ../access-control/gone, which does not exist',
    ]);
    const pathOf = new Map(map.nodes.map((n) => [n.id, n.path]));
    const links = map.edges
      .filter((e) => e.relation === 'links-to')
      .map((e) => `${pathOf.get(e.from)}:${e.evidence[0]!.line} → ${pathOf.get(e.to)}`);
    expect(links).toEqual([
      'docs/guide/intro.md:3 → docs/access-control/overview.mdx',
      'docs/guide/intro.md:4 → docs/reference/index.mdx',
    ]);
  });

  it('without a config: the same links are skipped with the reason, the {#custom-id} anchor is no finding', async () => {
    const map = await scanFixture('claims-docs-site-none');
    expect(findings(map)).toEqual([
      'docs/guide/intro.md:4 docs/guide/intro.md:4 links to ../access-control/gone, which does not exist',
    ]);
    const skipped = map.coverage.filter(
      (c) => c.analyzer === 'markdown' && /only a docs site/.test(c.reason),
    );
    expect(skipped.map((c) => `${c.scope} ${c.detail}`)).toEqual([
      'docs/guide/intro.md:3 ../access-control/overview',
      'docs/guide/intro.md:3 ../access-control/overview#roles',
    ]);
  });
});
