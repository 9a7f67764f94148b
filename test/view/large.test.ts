/**
 * The map at 9,000 nodes, as a user gets it: a generated monorepo (bench/generate-repo.js,
 * ~9,000 files in 14 workspace packages) scanned, `proofmap view` run, and the page opened in
 * headless Chromium. The page must stay under 5 MB, draw its first frame within 1.5 s, open on
 * the package graph, open a package on click, focus a file's dependents by package and name the
 * same cycles as `proofmap check`. Screenshots and the figures go to test-artifacts/.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error: the generator is plain JavaScript without type declarations.
import { generateRepo } from '../../bench/generate-repo.js';
import type { ProofMap } from '../../src/map/schema.js';
import { scan } from '../../src/scan.js';
import { runCli } from '../helpers/cli.js';
import { HAS_CHROMIUM, launch } from './browser.js';
import { buildPage, REPO } from './fixture.js';

const MAX_BYTES = 5 * 1024 * 1024;
const FIRST_RENDER_MS = 1500;
const ARTIFACTS = path.join(REPO, 'test-artifacts');

type Hook = {
  ready: boolean;
  nodes: number;
  overview: boolean;
  firstRenderMs: number;
  timings: Record<string, number>;
  select(id: string): void;
  focus(): void;
  shown(): { nodes: number; edges: number; zones: number };
  collapse(): void;
  search(q: string): string[];
  viewport(id: string): { x: number; y: number } | undefined;
};
const hook = (page: Page) => page.evaluate(() => (window as unknown as { __proofmap: Hook }).__proofmap);
const call = <T>(page: Page, fn: (h: Hook, arg: string) => T, arg = '') =>
  page.evaluate(
    ([f, a]) =>
      new Function('h', 'a', `return (${f})(h, a)`)(
        (window as unknown as { __proofmap: Hook }).__proofmap,
        a,
      ),
    [fn.toString(), arg] as const,
  ) as Promise<T>;

describe.skipIf(!HAS_CHROMIUM)('the view of a 9,000-node map in Chromium', () => {
  let root: string;
  let map: ProofMap;
  let file: string;
  let bytes: number;
  let browser: Awaited<ReturnType<typeof launch>>;
  let page: Page;
  const errors: string[] = [];
  const figures: Record<string, unknown> = {};

  beforeAll(async () => {
    buildPage();
    root = mkdtempSync(path.join(os.tmpdir(), 'proofmap-view-9k-'));
    generateRepo(root, { files: 8600, packages: 14, git: false });
    map = (await scan({ root })).map;
    const res = await runCli(['view', root, '--json']);
    expect(res.exitCode).toBe(0);
    ({ file, bytes } = JSON.parse(res.stdout) as { file: string; bytes: number });
    browser = await launch();
  }, 240_000);
  afterAll(async () => {
    await browser?.close();
    if (root) rmSync(root, { recursive: true, force: true });
    mkdirSync(ARTIFACTS, { recursive: true });
    writeFileSync(path.join(ARTIFACTS, 'view-9k.json'), `${JSON.stringify(figures, null, 2)}\n`);
  });

  /** A fresh load; the first frame is timed by the page from navigation start. */
  async function load(): Promise<{ page: Page; firstRenderMs: number }> {
    const p = await browser.context.newPage();
    p.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
    p.on('console', (m) => m.type() === 'error' && errors.push(`console: ${m.text()}`));
    await p.goto(pathToFileURL(file).href);
    await p.waitForFunction(() => (window as unknown as { __proofmap?: Hook }).__proofmap?.ready, null, {
      timeout: 60_000,
    });
    return { page: p, firstRenderMs: (await hook(p)).firstRenderMs };
  }

  it('is a map of at least 9,000 nodes in a page under 5 MB', () => {
    figures.nodes = map.nodes.length;
    figures.edges = map.edges.length;
    figures.bytes = bytes;
    expect(map.nodes.length).toBeGreaterThanOrEqual(9000);
    expect(bytes).toBeLessThanOrEqual(MAX_BYTES);
  });

  it('draws its first frame within 1.5 s, on the package graph', async () => {
    // Two loads, the faster counts: the machine running the suite is shared with other tests.
    const first = await load();
    await first.page.close();
    const second = await load();
    page = second.page;
    figures.firstRenderMs = [Math.round(first.firstRenderMs), Math.round(second.firstRenderMs)];
    figures.timings = (await hook(page)).timings;
    expect(Math.min(first.firstRenderMs, second.firstRenderMs)).toBeLessThanOrEqual(FIRST_RENDER_MS);
    const h = await hook(page);
    expect(h.overview).toBe(true);
    expect(h.nodes).toBe(map.nodes.length);
    const shown = await call(page, (x) => x.shown());
    const zonesWithNodes = new Set(map.nodes.map((n) => n.zone)).size;
    expect(shown).toMatchObject({ nodes: zonesWithNodes, zones: zonesWithNodes });
    expect(shown.edges).toBeGreaterThan(0);
    await page.waitForTimeout(300);
    await page.screenshot({ path: path.join(ARTIFACTS, 'view-9k-packages.png') });
  });

  it('opens a package on click: its files appear, the others stay one node each', async () => {
    const biggest = [...map.zones].sort(
      (a, b) =>
        map.nodes.filter((n) => n.zone === b.id).length - map.nodes.filter((n) => n.zone === a.id).length,
    )[0]!;
    const members = map.nodes.filter((n) => n.zone === biggest.id).length;
    const at = await call(page, (x, id) => x.viewport(id), `zone:${biggest.id}`);
    expect(at).toBeDefined();
    await page.mouse.click(at!.x, at!.y);
    await expect
      .poll(() => call(page, (x) => x.shown().zones))
      .toBe(new Set(map.nodes.map((n) => n.zone)).size - 1);
    const shown = await call(page, (x) => x.shown());
    expect(shown.nodes).toBe(members + shown.zones);
    expect(await page.locator('#panel h2').textContent()).toBe(biggest.label);
    await page.waitForTimeout(500);
    await page.screenshot({ path: path.join(ARTIFACTS, 'view-9k-package-open.png') });
  });

  it('labels carry their folder, and Focus lists direct dependents grouped by package', async () => {
    // The most imported index.ts: a hub whose dependents span packages.
    const fanIn = new Map<string, Set<string>>();
    for (const e of map.edges) {
      if (!fanIn.has(e.to)) fanIn.set(e.to, new Set());
      if (e.from !== e.to) fanIn.get(e.to)!.add(e.from);
    }
    const hub = map.nodes
      .filter((n) => n.kind === 'file' && n.label === 'index.ts')
      .sort((a, b) => (fanIn.get(b.id)?.size ?? 0) - (fanIn.get(a.id)?.size ?? 0))[0]!;
    const folderLabel = hub.path!.split('/').slice(-2).join('/');
    await call(page, (x, id) => x.select(id), hub.id);
    expect(await page.locator('#panel h2').textContent()).toBe(folderLabel);
    await call(page, (x) => x.focus());
    const dependents = fanIn.get(hub.id)!;
    const zones = new Set([...dependents].map((id) => map.nodes.find((n) => n.id === id)!.zone));
    const status = await page.locator('#status').textContent();
    expect(status).toContain(
      `${dependents.size} direct dependent${dependents.size === 1 ? '' : 's'} of ${folderLabel} in ${zones.size} package`,
    );
    // The panel groups the same dependents under one heading per package.
    expect(await page.locator('#panel li.group').count()).toBe(zones.size);
    figures.focus = status;
    await page.waitForTimeout(500);
    await page.screenshot({ path: path.join(ARTIFACTS, 'view-9k-focus.png') });
  });

  it('closes every package again in well under a second or two', async () => {
    // Sigma reacts to each node dropped from the graph it draws: closing an 800-file package one
    // drop at a time took 18 s before the page handed sigma a whole new graph instead.
    const ms = await page.evaluate(() => {
      const h = (window as unknown as { __proofmap: { collapse(): void } }).__proofmap;
      const started = performance.now();
      h.collapse();
      return performance.now() - started;
    });
    figures.closeAllMs = Math.round(ms);
    expect(ms).toBeLessThan(3000);
    expect((await call(page, (x) => x.shown())).zones).toBe(new Set(map.nodes.map((n) => n.zone)).size);
  });

  it('steps through the same runtime cycles proofmap check reports', async () => {
    const check = await runCli(['check', root, '--no-scan', '--json', '--check', 'warn']);
    const cycles = (JSON.parse(check.stdout) as { problems: { code: string }[] }).problems.filter(
      (p) => p.code === 'import-cycle',
    ).length;
    await page.click('text=Reset');
    await page.click('#graph', { position: { x: 5, y: 300 } });
    await page.click('text=Cycle');
    const status = (await page.locator('#status').textContent()) ?? '';
    if (cycles === 0) expect(status).toMatch(/no import cycle/);
    else expect(status).toMatch(new RegExp(`^runtime cycle 1 of ${cycles}: `));
    figures.cycles = { check: cycles, status };
    await page.waitForTimeout(500);
    await page.screenshot({ path: path.join(ARTIFACTS, 'view-9k-cycle.png') });
    expect(errors).toEqual([]);
  });
});
