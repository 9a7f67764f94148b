import { execFileSync, spawnSync } from 'node:child_process';
import { appendFileSync, chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tmpRepo } from '../helpers/tmp-repo.js';

// The built CLI, as a user runs it, with a `git` in front of the real one that logs each call: a
// rescan that reuses the listing must not start git, and one after a new file must.
const bin = path.resolve(new URL('../../bin/proofmap.js', import.meta.url).pathname);
const realGit = execFileSync('sh', ['-c', 'command -v git']).toString().trim();
const settle = () => new Promise((r) => setTimeout(r, 3_200)); // past discover's racy window

describe('scan from the CLI with the listing cache', () => {
  it('skips git while nothing was added or removed, and sees a new file and an edit', async () => {
    const root = tmpRepo({
      'a.ts': "import { b } from './b';\nexport const a = b;\n",
      'b.ts': 'export const b = 1;\n',
    });
    execFileSync('git', ['init', '-q'], { cwd: root });
    execFileSync('git', ['add', '.'], { cwd: root });
    mkdirSync(path.join(root, '.proofmap'));
    const tools = tmpRepo({});
    const log = path.join(tools, 'calls.log');
    writeFileSync(log, '');
    writeFileSync(path.join(tools, 'git'), `#!/bin/sh\necho "$*" >> '${log}'\nexec '${realGit}' "$@"\n`);
    chmodSync(path.join(tools, 'git'), 0o755);
    const scan = () => {
      writeFileSync(log, '');
      const r = spawnSync(process.execPath, [bin, 'scan', root, '--json'], {
        encoding: 'utf8',
        env: { ...process.env, PATH: `${tools}:${process.env.PATH}`, NO_COLOR: '1' },
      });
      expect(r.status, r.stderr).toBe(0);
      const listed = readFileSync(log, 'utf8')
        .split('\n')
        .filter((l) => l.includes('ls-files') && l.includes('--cached'));
      const map = JSON.parse(readFileSync(path.join(root, '.proofmap/map.json'), 'utf8')) as {
        nodes: { path?: string }[];
        edges: { evidence: { path: string; line?: number }[] }[];
      };
      return { summary: JSON.parse(r.stdout) as { mode: string }, listed: listed.length > 0, map };
    };
    await settle();
    expect(scan().listed).toBe(true); // no cache yet: git lists, and the listing is kept
    const again = scan();
    expect(again.listed).toBe(false);
    expect(again.summary.mode).toBe('unchanged');

    writeFileSync(path.join(root, 'c.ts'), "import { a } from './a';\nexport const c = a;\n");
    const added = scan();
    expect(added.listed).toBe(true);
    expect(added.map.nodes.map((n) => n.path)).toContain('c.ts');

    await settle();
    scan(); // keeps the listing with c.ts, now that its folder's stamp is old enough to trust
    appendFileSync(path.join(root, 'b.ts'), "import { c } from './c';\nexport const d = c;\n");
    const edited = scan();
    expect(edited.listed).toBe(false);
    expect(edited.summary.mode).not.toBe('unchanged');
    const evidence = edited.map.edges.flatMap((e) => e.evidence.map((v) => `${v.path}:${v.line}`));
    expect(evidence).toContain('b.ts:2'); // the new import of c.ts, from the edited line
  }, 30_000);
});
