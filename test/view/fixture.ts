/**
 * View test inputs: a fixture copied to a temp folder, scanned, and rendered with the real CLI,
 * so the page under test is exactly what `proofmap view` writes.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ProofMap } from '../../src/map/schema.js';
import { scan } from '../../src/scan.js';
import { runCli } from '../helpers/cli.js';

export const REPO = fileURLToPath(new URL('../../', import.meta.url));
const made: string[] = [];

/** Bundles the page script (what `npm run build` does for it), so tests never see a stale page. */
export function buildPage(): void {
  execFileSync(process.execPath, [path.join(REPO, 'scripts/build-view.mjs')], { stdio: 'pipe' });
}

export function copyFixture(name: string, extra: Record<string, string> = {}): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), `proofmap-view-${name}-`));
  made.push(dir);
  cpSync(path.join(REPO, 'test/fixtures', name), dir, { recursive: true });
  for (const [rel, text] of Object.entries(extra)) {
    mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    writeFileSync(path.join(dir, rel), text);
  }
  return dir;
}

export async function renderFixture(root: string): Promise<{ map: ProofMap; html: string; file: string }> {
  const { map } = await scan({ root });
  const res = await runCli(['view', root]);
  if (res.exitCode !== 0) throw new Error(`proofmap view failed: ${res.stderr}`);
  const file = path.join(root, '.proofmap/map.html');
  return { map, html: readFileSync(file, 'utf8'), file };
}

export function cleanup(): void {
  for (const d of made.splice(0)) rmSync(d, { recursive: true, force: true });
}

/** Files with markup for names, made at test time (some tools refuse them in a repository). */
export const HOSTILE_FILES: Record<string, string> = {
  'src/<img src=x onerror=alert(1)>.ts':
    "export function boom() {\n  return '<img src=x onerror=alert(3)>';\n}\n",
  '<svg onload=alert(2)>/x.ts': 'export const dangerous = 1;\n',
};
