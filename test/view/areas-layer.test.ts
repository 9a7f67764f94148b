/**
 * The view's optional areas layer: `proofmap view` embeds the suggested areas, and the page's
 * Areas button draws their outlines on the zones canvas (and takes them away again).
 */
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { suggestAreas } from '../../src/graph/areas.js';
import { DATA_ELEMENT_ID } from '../../src/view/render.js';
import { HAS_CHROMIUM, launch } from './browser.js';
import { buildPage, cleanup, copyFixture, renderFixture } from './fixture.js';

/** Two packages of six files each that import each other in a ring. */
const clusters: Record<string, string> = {};
for (const pkg of ['core', 'web'])
  for (let i = 0; i < 6; i++)
    clusters[`packages/${pkg}/src/f${i}.ts`] =
      `import { v${(i + 1) % 6} } from './f${(i + 1) % 6}.js';\nimport { v${(i + 2) % 6} } from './f${(i + 2) % 6}.js';\nexport const v${i} = 1;\n`;

afterAll(cleanup);

describe('proofmap view: the areas layer', () => {
  let rendered: Awaited<ReturnType<typeof renderFixture>> | undefined;
  const render = async () => {
    buildPage();
    rendered ??= await renderFixture(copyFixture('import-forms', clusters));
    return rendered;
  };

  it('embeds the suggested areas with their file counts', async () => {
    const { map, html } = await render();
    const json = html.split(`id="${DATA_ELEMENT_ID}">`)[1]!.split('</script>')[0]!;
    const data = JSON.parse(json) as { areas?: { name: string; count: number }[] };
    const expected = suggestAreas(map);
    expect(expected.map((a) => a.name)).toEqual(
      expect.arrayContaining(['packages/core/src', 'packages/web/src']),
    );
    expect(data.areas?.map((a) => [a.name, a.count])).toEqual(expected.map((a) => [a.name, a.files.length]));
  }, 60_000);

  // The page half needs a browser: skipped without one, like the other view tests (CI requires it).
  it.skipIf(!HAS_CHROMIUM)(
    'the Areas button draws their outlines and takes them away',
    async () => {
      const { file } = await render();
      const browser = await launch();
      try {
        const page = await browser.context.newPage();
        await page.goto(pathToFileURL(file).href);
        await page.waitForFunction(
          () => (window as unknown as { __proofmap?: { ready: boolean } }).__proofmap?.ready,
        );
        const canvas = () =>
          page.evaluate(() => (document.getElementById('zones') as HTMLCanvasElement).toDataURL());
        const areas = page.getByRole('button', { name: 'Areas', exact: true });
        // One round first: the status line the button writes and clears changes the layout once.
        await areas.click();
        await areas.click();
        const stable = async () => {
          let last = '';
          await expect
            .poll(async () => {
              const now = await canvas();
              const same = now === last;
              last = now;
              return same;
            })
            .toBe(true);
          return last;
        };
        const before = await stable();
        await areas.click();
        await expect.poll(() => page.locator('#status').textContent()).toMatch(/suggested areas/);
        await expect.poll(canvas).not.toBe(before);
        await areas.click();
        await expect.poll(canvas).toBe(before);
      } finally {
        await browser.close();
      }
    },
    60_000,
  );
});
