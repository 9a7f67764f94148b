/**
 * The generator, without a browser: deterministic output, an embedding no data can break out
 * of, a CSP that allows exactly the inline script and style, and a layout that keeps each zone
 * in its own disc.
 */
import { createHash } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { buildViewData } from '../../src/view/data.js';
import { jsonForScript } from '../../src/view/embed.js';
import { layoutMap } from '../../src/view/layout.js';
import { renderHtml } from '../../src/view/render.js';
import { runCli } from '../helpers/cli.js';
import { tmpRepo } from '../helpers/tmp-repo.js';
import { cleanup, copyFixture, renderFixture } from './fixture.js';

afterAll(cleanup);
const PAGE = 'document.title = "x";';

describe('jsonForScript', () => {
  it('leaves no sequence that could end the script element, and parses back to the same value', () => {
    const hostile = {
      label: '</script><script>alert(1)</script><!-- &amp; \u2028\u2029 <img src=x onerror=alert(1)>',
    };
    const text = jsonForScript(hostile);
    expect(text).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(text)).toEqual(hostile);
  });
});

describe('renderHtml on a scanned fixture (fixtures/import-forms)', async () => {
  const root = copyFixture('import-forms');
  const { map } = await renderFixture(root);

  it('is byte-identical across runs', () => {
    expect(renderHtml({ map, pageScript: PAGE })).toBe(renderHtml({ map, pageScript: PAGE }));
  });

  it('allows the inline script and style by hash, and nothing inline otherwise', () => {
    const html = renderHtml({ map, pageScript: PAGE });
    const hash = (s: string) => `'sha256-${createHash('sha256').update(s).digest('base64')}'`;
    const csp = /content="(default-src[^"]+)"/.exec(html)![1]!;
    const style = /<style>([\s\S]*?)<\/style>/.exec(html)![1]!;
    expect(csp).toContain(`script-src ${hash(PAGE)}`);
    expect(csp).toContain(`style-src ${hash(style)}`);
    expect(csp).not.toContain('unsafe');
  });

  it('refuses a page script that would end its own element', () => {
    expect(() => renderHtml({ map, pageScript: 'var s = "</script>"' })).toThrow(/end its element/);
  });

  it('sizes by centrality when signals are given, else by fan-in', () => {
    const byFanIn = buildViewData(map);
    expect(byFanIn.sizeBy).toBe('fan-in');
    const fanIn = (id: string) => map.edges.filter((e) => e.to === id).length;
    const target = map.edges[0]!.to;
    const max = Math.max(...map.nodes.map((n) => fanIn(n.id)));
    expect(byFanIn.nodes.find((n) => n.id === target)!.weight).toBeCloseTo(fanIn(target) / max, 6);
    const byCentrality = buildViewData(map, { centrality: { [target]: 0.75 } });
    expect(byCentrality.sizeBy).toBe('centrality');
    expect(byCentrality.nodes.find((n) => n.id === target)!.weight).toBe(1);
  });

  it('keeps every edge with its evidence lines', () => {
    const data = buildViewData(map);
    expect(data.edges.length).toBe(map.edges.length);
    expect(data.edges.map((e) => e.evidence[0]?.line)).toEqual(map.edges.map((e) => e.evidence[0]?.line));
  });
});

describe('layoutMap', () => {
  const nodes = Array.from({ length: 300 }, (_, i) => ({
    id: `n${String(i).padStart(3, '0')}`,
    zone: `z${i % 7}`,
    weight: i % 13,
  }));
  const { positions, zones } = layoutMap(nodes);

  it('places each node inside its zone disc, and no two discs overlap', () => {
    const disc = new Map(zones.map((z) => [z.id, z]));
    for (const n of nodes) {
      const p = positions.get(n.id)!;
      const z = disc.get(n.zone)!;
      expect(Math.hypot(p.x - z.x, p.y - z.y)).toBeLessThanOrEqual(z.r);
    }
    for (const a of zones)
      for (const b of zones)
        if (a !== b) expect(Math.hypot(a.x - b.x, a.y - b.y)).toBeGreaterThanOrEqual(a.r + b.r);
  });

  it('does not depend on the order nodes are listed in', () => {
    const again = layoutMap([...nodes].reverse());
    expect([...again.positions.entries()].sort()).toEqual([...positions.entries()].sort());
  });
});

describe('proofmap view (CLI)', () => {
  it('exits 2 with what to do when there is no map', async () => {
    const root = tmpRepo({ 'a.ts': 'export const a = 1;\n' });
    const res = await runCli(['view', root]);
    expect(res.exitCode).toBe(2);
    expect(res.stderr).toMatch(/no valid map .* run proofmap scan/);
  });

  it('writes to --out relative to the repository', async () => {
    const root = copyFixture('docs-adr-typed-links');
    await renderFixture(root);
    const res = await runCli(['view', root, '--out', 'site/map.html']);
    expect(res.exitCode).toBe(0);
    expect(res.stdout).toContain('site/map.html');
  });

  it('rejects an unknown flag as bad usage', async () => {
    expect((await runCli(['view', '--nope'])).exitCode).toBe(2);
  });
});
