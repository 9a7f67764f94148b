#!/usr/bin/env node
// `proofmap claims` on a generated docs site: 300 Markdown pages (Docusaurus config, extension-less
// links, {#custom-id} anchors, code paths, exports, scripts, Node versions), timed as a fresh child
// process, wall clock and CPU (user+sys, meaningful on a shared machine).
//   node bench/claims-site.js [--pages 300] [--runs 3] [--bin bin/proofmap.js]
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { runOnce } from './lib/measure.js';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i < 0 ? fallback : process.argv[i + 1];
};
const pages = Number(arg('pages', 300));
const runs = Number(arg('runs', 3));
const bin = resolve(arg('bin', 'bin/proofmap.js'));
const work = resolve('bench/.work');
const site = join(work, `claims-site-${pages}`);

rmSync(site, { recursive: true, force: true });
mkdirSync(join(site, 'src'), { recursive: true });
const write = (rel, text) => {
  mkdirSync(join(site, rel, '..'), { recursive: true });
  writeFileSync(join(site, rel), text);
};
write(
  'package.json',
  JSON.stringify({
    name: 'site',
    private: true,
    engines: { node: '>=20' },
    scripts: { build: 'docusaurus build', start: 'docusaurus start' },
    devDependencies: { '@docusaurus/core': '^3.0.0' },
  }),
);
write('docusaurus.config.js', 'export default {};\n');
for (let i = 0; i < 40; i++) write(`src/mod${i}.ts`, `export function fn${i}() {}\n`);
const perSection = 20;
const sections = Math.ceil(pages / perSection);
for (let n = 0; n < pages; n++) {
  const s = Math.floor(n / perSection);
  const d = n % perSection;
  const other = ((s + 1) % sections) * perSection + d;
  const next = `../section${Math.floor(other / perSection)}/page${d}`;
  write(
    `docs/section${s}/page${d}.md`,
    [
      `# Page ${n}`,
      '',
      `## Overview {#overview-${n}}`,
      '',
      `See [next](./page${(d + 1) % perSection}) and [other](${next}.md#overview-${other}).`,
      `Code lives in \`src/mod${n % 40}.ts\`, which exports \`fn${n % 40}\`.`,
      'Run `npm run build` or `pnpm start`.',
      '',
      `Requires Node.js 20 or later. Read [overview](#overview-${n}).`,
      '',
    ].join('\n'),
  );
}
execFileSync('git', ['init', '-q'], { cwd: site });
execFileSync('git', ['add', '-A'], { cwd: site });
execFileSync('git', ['-c', 'user.email=b@b', '-c', 'user.name=b', 'commit', '-qm', 'site'], { cwd: site });

const samples = [];
for (let r = 0; r < runs; r++) {
  const run = await runOnce(process.execPath, [bin, 'claims', '--format', 'json'], {
    cwd: site,
    timeoutMs: 120_000,
    work,
  });
  const summary = JSON.parse(run.stdout).summary;
  samples.push({ ms: Math.round(run.ms), cpuMs: run.cpuMs, summary });
}
process.stdout.write(`${JSON.stringify({ pages, bin, samples }, null, 2)}\n`);
