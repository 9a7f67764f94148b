#!/usr/bin/env node
// Measures the view on a large map in headless Chromium: time to first render (navigation start
// → sigma's first frame, as recorded by the page) and frame rate while panning, counted with
// requestAnimationFrame as the camera moves every frame. Software WebGL (--disable-gpu), so the
// figures are a floor: a desktop browser with a GPU does better.
//
//   npm run build && node bin/proofmap.js scan bench/.work/repo-7k && node bin/proofmap.js view bench/.work/repo-7k
//   node bench/view.js [map.html] [--seconds N]
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';

const here = path.dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const seconds = Number(args[args.indexOf('--seconds') + 1]) || 4;
const file = path.resolve(
  args.find((a) => a.endsWith('.html')) ?? path.join(here, '.work/repo-7k/.proofmap/map.html'),
);

const profile = mkdtempSync(path.join(os.tmpdir(), 'proofmap-bench-chromium-'));
const context = await chromium.launchPersistentContext(profile, {
  executablePath: process.env.PROOFMAP_CHROMIUM ?? '/usr/bin/chromium',
  headless: true,
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
  viewport: { width: 1400, height: 900 },
});
try {
  const page = await context.newPage();
  const started = performance.now();
  await page.goto(pathToFileURL(file).href);
  await page.waitForFunction(() => window.__proofmap?.ready, null, { timeout: 120_000 });
  const wall = performance.now() - started;
  const info = await page.evaluate(() => ({
    nodes: window.__proofmap.nodes,
    edges: window.__proofmap.edges,
    firstRenderMs: window.__proofmap.firstRenderMs,
    domContentLoaded: performance.getEntriesByType('navigation')[0]?.domContentLoadedEventEnd,
  }));
  // Pan: move the camera a little every frame and count frames; also time each frame.
  const pan = await page.evaluate(
    (ms) =>
      new Promise((resolve) => {
        const camera = window.__proofmap.camera();
        const start = camera.getState();
        const gaps = [];
        let last = performance.now();
        const t0 = last;
        const tick = (now) => {
          gaps.push(now - last);
          last = now;
          const t = (now - t0) / 1000;
          camera.setState({ x: start.x + 0.2 * Math.sin(t * 2), y: start.y + 0.2 * Math.cos(t * 2) });
          if (now - t0 < ms) requestAnimationFrame(tick);
          else {
            gaps.sort((a, b) => a - b);
            resolve({
              frames: gaps.length,
              fps: gaps.length / ((now - t0) / 1000),
              p50: gaps[Math.floor(gaps.length / 2)],
              p95: gaps[Math.floor(gaps.length * 0.95)],
            });
          }
        };
        requestAnimationFrame(tick);
      }),
    seconds * 1000,
  );
  const round = (n) => Math.round(n * 10) / 10;
  const result = {
    file,
    html_bytes: statSync(file).size,
    nodes: info.nodes,
    edges: info.edges,
    first_render_ms: round(info.firstRenderMs),
    dom_content_loaded_ms: round(info.domContentLoaded ?? Number.NaN),
    goto_to_ready_ms: round(wall),
    pan_seconds: seconds,
    pan_fps: round(pan.fps),
    frame_ms_p50: round(pan.p50),
    frame_ms_p95: round(pan.p95),
    renderer: 'sigma 3 (WebGL, software rasteriser: --disable-gpu)',
  };
  console.log(JSON.stringify(result, null, 2));
} finally {
  await context.close();
  rmSync(profile, { recursive: true, force: true });
}
