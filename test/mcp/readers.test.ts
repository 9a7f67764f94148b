/**
 * Two sessions, one repository: four MCP servers (two of each protocol era) and CLI queries read
 * while another process scans over and over, adding and removing an importer. A reader must
 * never fail and never see a half-written index: every answer is one of the two whole states
 * (with or without the extra importer), its items agreeing with its total.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, call, connect, ensureBuilt, scannedRepo } from './fixture.js';

const run = promisify(execFile);
const BIN = path.resolve(import.meta.dirname, '../../bin/proofmap.js');
const EXTRA = "import d from './lib/default.js';\nexport const e = d;\n";
const SCANS = 4;

let root: string;
let clients: Client[] = [];
beforeAll(async () => {
  ensureBuilt();
  root = await scannedRepo();
  clients = await Promise.all(
    (['modern', 'legacy', 'modern', 'legacy'] as const).map((era) => connect(root, [], era)),
  );
}, 180_000);
afterAll(async () => {
  await Promise.all(clients.map((c) => c.close()));
  if (root) fs.rmSync(root, { recursive: true, force: true });
});

/** SCANS scans by another process, adding and removing an importer of src/lib/default.ts in turn. */
async function scans(flags: string[], after: () => void): Promise<void> {
  for (let i = 0; i < SCANS; i++) {
    const file = path.join(root, 'src/extra.ts');
    if (i % 2 === 0) fs.writeFileSync(file, EXTRA);
    else fs.rmSync(file);
    await run(process.execPath, [BIN, 'scan', root, ...flags], { cwd: root });
    after();
  }
}

/** CLI queries (`refs`) one after another while `active()`: each total into `seen`, each failure into `failures`. */
async function cliReads(active: () => boolean, seen: number[], failures: string[]): Promise<void> {
  while (active()) {
    const r = await run(process.execPath, [BIN, 'refs', 'src/lib/default.ts', '--json'], {
      cwd: root,
    }).catch((e: { stderr?: string }) => ({ stdout: '', stderr: e.stderr ?? String(e) }));
    if (!r.stdout) failures.push(`cli: ${r.stderr}`);
    else seen.push((JSON.parse(r.stdout) as { total: number }).total);
  }
}

describe('readers while one writer scans', () => {
  it('4 servers and a CLI reader answer whole states throughout 4 scans by another process', async () => {
    const target = { target: 'src/lib/default.ts', importers: true };
    const base = (await call(clients[0]!, 'map_impact', target)).env.total;
    let scanning = true;
    const writer = scans([], () => {}).finally(() => {
      scanning = false;
    });
    const seen: number[] = [];
    const failures: string[] = [];
    const reader = async (client: Client) => {
      while (scanning) {
        const { result, env, text } = await call(client, 'map_impact', target);
        if (result.isError) failures.push(text);
        else {
          seen.push(env.total);
          if (env.items.length !== Math.min(env.total, 50))
            failures.push(`items ${env.items.length} vs total ${env.total}`);
        }
      }
    };
    await Promise.all([writer, ...clients.map(reader), cliReads(() => scanning, seen, failures)]);
    expect(failures).toEqual([]);
    expect(seen.length).toBeGreaterThan(SCANS);
    expect(new Set(seen.filter((t) => t !== base && t !== base + 1))).toEqual(new Set());
    expect(seen).toContain(base + 1); // the readers saw the scans land, not only the first state
    // The last scan removed the importer again (add, remove, add, remove): the readers follow.
    const after = await Promise.all(clients.map((c) => call(c, 'map_impact', target)));
    expect(after.map((a) => a.env.total)).toEqual([base, base, base, base]);
  }, 120_000);

  it('answer whole states while full builds (`scan --force`) rename a fresh index.db over theirs', async () => {
    const target = { target: 'src/lib/default.ts', importers: true };
    const base = (await call(clients[0]!, 'map_impact', target)).env.total;
    const db = path.join(root, '.proofmap/index.db');
    // The fresh file is created while the old one is still linked, so each scan's inode differs
    // from the one before (a freed inode number may come back later: no set of distinct ones).
    const inodes = [fs.statSync(db).ino];
    let scanning = true;
    const writer = scans(['--force'], () => inodes.push(fs.statSync(db).ino)).finally(() => {
      scanning = false;
    });
    const seen: number[] = [];
    const failures: string[] = [];
    const reader = async (client: Client) => {
      while (scanning) {
        const { result, env, text } = await call(client, 'map_impact', target);
        if (result.isError) failures.push(text);
        else seen.push(env.total);
      }
    };
    await Promise.all([writer, ...clients.map(reader), cliReads(() => scanning, seen, failures)]);
    expect(failures).toEqual([]);
    // Every full build replaced the file: the servers followed each new one.
    expect(inodes.filter((ino, i) => i > 0 && ino === inodes[i - 1])).toEqual([]);
    expect(inodes).toHaveLength(SCANS + 1);
    expect(new Set(seen.filter((t) => t !== base && t !== base + 1))).toEqual(new Set());
    expect(seen).toContain(base + 1);
    const after = await Promise.all(clients.map((c) => call(c, 'map_impact', target)));
    expect(after.map((a) => a.env.total)).toEqual([base, base, base, base]);
    expect(fs.existsSync(`${db}.build`)).toBe(false);
  }, 120_000);
});
