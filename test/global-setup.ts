/**
 * Runs once before the suite. The browser tests need a Chromium: without one they are skipped
 * and this prints the one line that says so, unless PROOFMAP_REQUIRE_CHROMIUM is set (CI), where
 * a missing browser is a failure rather than a silent skip.
 */
import { CHROMIUM, HAS_CHROMIUM } from './view/browser.js';

export default function setup(): void {
  if (HAS_CHROMIUM) return;
  if (process.env.PROOFMAP_REQUIRE_CHROMIUM)
    throw new Error(`no Chromium at ${CHROMIUM}, and PROOFMAP_REQUIRE_CHROMIUM is set: install chromium`);
  process.stderr.write(
    `proofmap tests: browser tests skipped: no Chromium at ${CHROMIUM} (apt-get install chromium, or set PROOFMAP_CHROMIUM)\n`,
  );
}
