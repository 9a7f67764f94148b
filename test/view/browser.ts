/**
 * Headless Chromium for the view tests and bench: Debian's /usr/bin/chromium driven by
 * playwright-core (no downloaded browser build). A fresh profile per launch, and every network
 * feature Chromium has off, so a page that tried to reach out would simply fail.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type BrowserContext, chromium } from 'playwright-core';

export const CHROMIUM = process.env.PROOFMAP_CHROMIUM ?? '/usr/bin/chromium';

/**
 * Without a Chromium the browser tests are skipped (test/global-setup.ts says so once, in one
 * line); CI sets PROOFMAP_REQUIRE_CHROMIUM so that a missing browser fails there instead.
 */
export const HAS_CHROMIUM = existsSync(CHROMIUM);

export async function launch(): Promise<{ context: BrowserContext; close: () => Promise<void> }> {
  const profile = mkdtempSync(path.join(os.tmpdir(), 'proofmap-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
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
  return {
    context,
    close: async () => {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}
