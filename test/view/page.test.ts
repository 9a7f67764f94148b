/**
 * The page in real headless Chromium: it renders a scanned fixture, search finds a node, a click
 * on a node shows its evidence as file:line, and it runs under its CSP without a violation.
 */
import { cpSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProofMap } from '../../src/map/schema.js';
import { viewLabel } from '../../src/view/data.js';
import { HAS_CHROMIUM, launch } from './browser.js';
import { buildPage, cleanup, copyFixture, REPO, renderFixture } from './fixture.js';

type Hook = { nodes: number; viewport(id: string): { x: number; y: number } };

describe.skipIf(!HAS_CHROMIUM)('proofmap view in Chromium (fixtures/docs-adr-typed-links)', () => {
  let browser: Awaited<ReturnType<typeof launch>>;
  let page: Page;
  let map: ProofMap;
  const problems: string[] = [];

  beforeAll(async () => {
    buildPage();
    const rendered = await renderFixture(copyFixture('docs-adr-typed-links'));
    map = rendered.map;
    browser = await launch();
    page = await browser.context.newPage();
    page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
    page.on('console', (m) => m.type() === 'error' && problems.push(`console: ${m.text()}`));
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (e) => {
        (window as unknown as { __csp: string[] }).__csp ??= [];
        (window as unknown as { __csp: string[] }).__csp.push(`${e.violatedDirective} ${e.blockedURI}`);
      });
    });
    await page.goto(pathToFileURL(rendered.file).href);
    await page.waitForFunction(
      () => (window as unknown as { __proofmap?: { ready: boolean } }).__proofmap?.ready,
    );
  });
  afterAll(async () => {
    await browser?.close();
    cleanup();
  });

  it('renders every node on a canvas and says how many', async () => {
    expect(await page.locator('#graph canvas').count()).toBeGreaterThan(0);
    const hook = await page.evaluate(() => (window as unknown as { __proofmap: Hook }).__proofmap.nodes);
    expect(hook).toBe(map.nodes.length);
    await expect.poll(() => page.locator('#title').textContent()).toContain(`${map.nodes.length} nodes`);
  });

  it('finds a file by name and by exported symbol', async () => {
    await page.fill('#search', 'sqlite');
    const first = page.locator('#results li').first();
    expect(await first.textContent()).toContain('sqlite');
    const withExport = map.nodes.find((n) => (n.exports ?? []).length > 0);
    if (withExport) {
      await page.fill('#search', withExport.exports![0]!.name);
      const ids = await page.locator('#results li').evaluateAll((lis) => lis.map((li) => li.dataset.id));
      expect(ids).toContain(withExport.id);
    }
    await page.press('#search', 'Escape');
  });

  it('shows the evidence of each edge as file:line when a node is clicked', async () => {
    const edge = map.edges.find((e) => e.evidence[0]?.line !== undefined)!;
    const target = map.nodes.find((n) => n.id === edge.to)!;
    const at = await page.evaluate(
      (id) => (window as unknown as { __proofmap: Hook }).__proofmap.viewport(id),
      target.id,
    );
    await page.mouse.click(at.x, at.y);
    const panel = page.locator('#panel');
    await expect.poll(() => panel.isVisible()).toBe(true);
    expect(await panel.locator('h2').textContent()).toBe(viewLabel(target.label, target.path));
    const ev = edge.evidence[0]!;
    expect(await panel.textContent()).toContain(`${ev.path}:${ev.line}`);
  });

  it('lights a cycle or says there is none, and focuses a neighbourhood', async () => {
    await page.click('text=Focus');
    expect(await page.locator('#status').textContent()).toMatch(
      /direct dependents? of|no direct dependents of/,
    );
    await page.click('text=Cycle');
    expect(await page.locator('#status').textContent()).toMatch(/cycle/);
  });

  it('runs under its CSP without one violation or script error', async () => {
    const csp = await page.evaluate(() => (window as unknown as { __csp?: string[] }).__csp ?? []);
    expect(csp).toEqual([]);
    expect(problems).toEqual([]);
  });
});

describe.skipIf(!HAS_CHROMIUM)("screenshots of a real map (proofmap's own src/)", () => {
  it('saves test-artifacts/view.png (light) and view-dark.png', async () => {
    const root = copyFixture('hostile-filenames');
    cpSync(path.join(REPO, 'src'), path.join(root, 'src'), { recursive: true });
    const { map, file } = await renderFixture(root);
    const browser = await launch();
    try {
      mkdirSync(path.join(REPO, 'test-artifacts'), { recursive: true });
      for (const scheme of ['light', 'dark'] as const) {
        const page = await browser.context.newPage();
        await page.emulateMedia({ colorScheme: scheme });
        await page.goto(pathToFileURL(file).href);
        await page.waitForFunction(
          () => (window as unknown as { __proofmap?: { ready: boolean } }).__proofmap?.ready,
        );
        const hub = [...map.nodes].sort(
          (a, b) =>
            map.edges.filter((e) => e.to === b.id).length - map.edges.filter((e) => e.to === a.id).length,
        )[0]!;
        await page.evaluate(
          (id) => (window as unknown as { __proofmap: { select(id: string): void } }).__proofmap.select(id),
          hub.id,
        );
        await page.waitForTimeout(600);
        const name = scheme === 'light' ? 'view.png' : 'view-dark.png';
        await page.screenshot({ path: path.join(REPO, 'test-artifacts', name) });
        await page.close();
      }
    } finally {
      await browser.close();
    }
  });
});
