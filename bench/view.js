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
  const info = await page.evaluate(
    () =>
      new Promise((resolve) => {
        // First paint: two animation frames after the page script finished.
        requestAnimationFrame(() =>
          requestAnimationFrame(() =>
            resolve({
              nodes: window.__proofmap.nodes,
              edges: window.__proofmap.edges,
              timings: window.__proofmap.timings,
              firstPaintMs: performance.now(),
            }),
          ),
        );
      }),
  );
  // Programmatic pan: the camera moves every frame (edges stay drawn: sigma only hides them
  // during user gestures). JS time per frame is sigma's own render, timed by its events.
  const pan = await page.evaluate(
    (ms) =>
      new Promise((resolve) => {
        const sigma = window.__proofmap.sigma;
        const camera = sigma.getCamera();
        const start = camera.getState();
        let js = 0;
        let began = 0;
        sigma.on('beforeRender', () => {
          began = performance.now();
        });
        sigma.on('afterRender', () => {
          js += performance.now() - began;
        });
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
              fps: gaps.length / ((now - t0) / 1000),
              p50: gaps[Math.floor(gaps.length / 2)],
              p95: gaps[Math.floor(gaps.length * 0.95)],
              jsPerFrame: js / gaps.length,
            });
          }
        };
        requestAnimationFrame(tick);
      }),
    seconds * 1000,
  );
  // Mouse-drag pan, as a user does it (sigma hides edges during the drag on large maps).
  const countFrames = () =>
    page.evaluate(() => {
      window.__frames = 0;
      const tick = () => {
        window.__frames++;
        if (!window.__stop) requestAnimationFrame(tick);
      };
      window.__stop = false;
      requestAnimationFrame(tick);
    });
  await page.mouse.move(700, 450);
  await page.mouse.down();
  await countFrames();
  const dragStart = performance.now();
  for (let i = 0; performance.now() - dragStart < seconds * 1000; i++)
    await page.mouse.move(700 + 200 * Math.sin(i / 10), 450 + 150 * Math.cos(i / 10));
  const dragFrames = await page.evaluate(() => {
    window.__stop = true;
    return window.__frames;
  });
  const dragFps = dragFrames / ((performance.now() - dragStart) / 1000);
  await page.mouse.up();
  const round = (n) => Math.round(n * 10) / 10;
  const t = info.timings;
  const result = {
    file,
    html_bytes: statSync(file).size,
    nodes: info.nodes,
    edges: info.edges,
    script_start_ms: round(t.scriptStartMs),
    json_parsed_ms: round(t.parsedMs),
    graph_built_ms: round(t.graphBuiltMs),
    sigma_created_ms: round(t.sigmaMs),
    script_done_ms: round(t.readyMs),
    first_paint_ms: round(info.firstPaintMs),
    goto_to_ready_ms: round(wall),
    pan_seconds: seconds,
    pan_fps: round(pan.fps),
    pan_frame_ms_p50: round(pan.p50),
    pan_frame_ms_p95: round(pan.p95),
    pan_js_ms_per_frame: round(pan.jsPerFrame),
    drag_fps: round(dragFps),
    renderer: 'sigma 3 (WebGL); --disable-gpu means SwiftShader software raster, so fps is a floor',
  };
  console.log(JSON.stringify(result, null, 2));
} finally {
  await context.close();
  rmSync(profile, { recursive: true, force: true });
}
