/**
 * Every label and path is hostile input. A repository with files named as markup and a module
 * holding `</script>` must render its names as text and run nothing: no dialog, no flag set by
 * an injected handler, no CSP violation (an injected inline handler would raise one).
 */
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { viewLabel } from '../../src/view/data.js';
import { HAS_CHROMIUM, launch } from './browser.js';
import { buildPage, cleanup, copyFixture, HOSTILE_FILES, renderFixture } from './fixture.js';

type Win = { __proofmap?: { ready: boolean; select(id: string): void }; __pwned?: boolean; __csp?: string[] };

describe('hostile file names (fixtures/hostile-filenames)', async () => {
  buildPage();
  const root = copyFixture('hostile-filenames', HOSTILE_FILES);
  const { map, html, file } = await renderFixture(root);
  afterAll(cleanup);

  it('scans the hostile names into the map', () => {
    expect(map.nodes.map((n) => n.label)).toContain('<img src=x onerror=alert(1)>.ts');
  });

  it('writes no markup from the map: one script runs, the data cannot close its element', () => {
    expect(html.match(/<script/g)?.length).toBe(2);
    expect(html).not.toContain('<img');
    expect(html).not.toContain('<svg');
    expect(html).not.toMatch(/\u2028|\u2029/);
    const csp = /http-equiv="Content-Security-Policy" content="([^"]+)"/.exec(html)![1]!;
    expect(csp).toContain("default-src 'none'");
    expect(csp).toMatch(/script-src 'sha256-[A-Za-z0-9+/=]+'(;|$)/);
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
  });

  it.skipIf(!HAS_CHROMIUM)('executes nothing in Chromium and shows each name as text', async () => {
    const browser = await launch();
    try {
      const page = await browser.context.newPage();
      const dialogs: string[] = [];
      const errors: string[] = [];
      page.on('dialog', async (d) => {
        dialogs.push(d.message());
        await d.dismiss();
      });
      page.on('pageerror', (e) => errors.push(e.message));
      await page.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (e) => {
          const w = window as unknown as Win;
          w.__csp ??= [];
          w.__csp.push(`${e.violatedDirective} ${e.sample}`);
        });
      });
      await page.goto(pathToFileURL(file).href);
      await page.waitForFunction(() => (window as unknown as Win).__proofmap?.ready);
      const img = map.nodes.find((n) => n.label === '<img src=x onerror=alert(1)>.ts')!;
      await page.evaluate((id) => (window as unknown as Win).__proofmap!.select(id), img.id);
      // The label carries its folder (src/…), still as text.
      await expect.poll(() => page.locator('#panel h2').textContent()).toBe(viewLabel(img.label, img.path));
      // Search renders hostile labels into the results list: as text too.
      await page.fill('#search', 'onerror');
      expect(await page.locator('#results li').first().textContent()).toContain(
        '<img src=x onerror=alert(1)>',
      );
      await page.selectOption('select >> nth=0', { label: '<svg onload=alert(2)>' }).catch(() => undefined);
      await page.waitForTimeout(300);
      const state = await page.evaluate(() => {
        const w = window as unknown as Win;
        return {
          pwned: w.__pwned === true,
          csp: w.__csp ?? [],
          injected: document.querySelectorAll('body img, body svg, script:not([type])').length,
        };
      });
      expect(dialogs).toEqual([]);
      expect(errors).toEqual([]);
      expect(state).toEqual({ pwned: false, csp: [], injected: 1 });
    } finally {
      await browser.close();
    }
  });
});
