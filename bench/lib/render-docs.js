// Markdown docs for the benchmark repo: guides and reference pages linking to each other and to
// code (a few links are broken on purpose), package READMEs, and ADRs whose front matter declares
// supersedes / based_on / covers, the typed links proofmap validates.
import { posix } from 'node:path';
import { FEATURES, uniqueDoc } from './names.js';

const SECTIONS = [
  ['guides', 25],
  ['reference', 35],
  ['architecture', 15],
  ['how-to', 20],
  ['operations', 5],
];
const ADR_TITLES = [
  'Use npm workspaces for the monorepo',
  'Adopt TypeScript strict mode',
  'Validate input with zod',
  'Keep shared helpers in pkg-0',
  'Use path aliases for shared code',
  'Lazy-load feature modules',
  'Prefer named exports',
  'One index file per feature folder',
  'Store money as integer cents',
  'Use date-fns for dates',
  'Log through a single logger',
  'Errors carry a cause chain',
  'Generate ids with nanoid',
  'React components are function components',
  'CommonJS only in build scripts',
  'No default exports in libraries',
  'Feature folders own their tests',
  'Replace lodash merge with structuredClone',
  'Cache query results per request',
  'Version packages together',
];

export function renderDocs(rnd, packages, all, docCount, adrCount) {
  const files = new Map();
  const code = all.filter((m) => m.kind === 'file' || m.kind === 'hotspot');
  const adrs = planAdrs(rnd, packages, code, adrCount);
  const docs = [];
  const used = new Set();
  for (const pkg of packages) docs.push({ path: `docs/packages/pkg-${pkg.index}.md`, title: pkg.name, pkg });
  while (docs.length < docCount - adrCount - 2) {
    docs.push({
      ...uniqueDoc(rnd, rnd.weighted(SECTIONS), used),
      pkg: rnd.pick(packages),
    });
  }
  for (const doc of docs) files.set(doc.path, renderDoc(rnd, doc, docs, adrs, code));
  for (const adr of adrs) files.set(adr.path, renderAdr(adr));
  files.set(
    'docs/adr/README.md',
    `# Decisions\n\n${adrs.map((a) => `- [${a.id}: ${a.title}](./${posix.basename(a.path)})`).join('\n')}\n`,
  );
  const sections = [...new Set(docs.map((d) => posix.dirname(d.path)))].sort();
  files.set(
    'docs/README.md',
    `# Documentation\n\n${sections.map((s) => `- [${s.slice(5)}](./${s.slice(5)}/)`).join('\n')}\n- [Decisions](./adr/README.md)\n`,
  );
  for (const pkg of packages) files.set(`${pkg.dir}/README.md`, renderPackageReadme(pkg, packages));
  return files;
}

function planAdrs(rnd, packages, code, count) {
  const adrs = [];
  for (let n = 1; n <= count; n++) {
    const title = ADR_TITLES[(n - 1) % ADR_TITLES.length];
    const slug = title.toLowerCase().replace(/[^a-z0-9]+/g, '-');
    const adr = {
      n,
      id: `ADR-${n}`,
      title,
      path: `docs/adr/${String(n).padStart(4, '0')}-${slug}.md`,
      status: 'accepted',
    };
    if (n > 3 && rnd.chance(0.25)) adr.supersedes = `ADR-${rnd.int(1, n - 1)}`;
    if (n > 1 && rnd.chance(0.5))
      adr.basedOn = [...new Set([`ADR-${rnd.int(1, n - 1)}`, `ADR-${rnd.int(1, n - 1)}`])];
    if (rnd.chance(0.7)) {
      const pkg = rnd.pick(packages);
      adr.covers = [`${pkg.dir}/src/${rnd.pick(pkg.features)}`, rnd.pick(code).path];
    }
    adr.date = new Date(Date.UTC(2023, 0, 1 + n * 17)).toISOString().slice(0, 10);
    adrs.push(adr);
  }
  for (const adr of adrs) if (adr.supersedes) adrs[Number(adr.supersedes.slice(4)) - 1].status = 'superseded';
  return adrs;
}

function renderAdr(adr) {
  const fm = ['---', `id: ${adr.id}`, `title: ${adr.title}`, `status: ${adr.status}`, `date: ${adr.date}`];
  if (adr.supersedes) fm.push(`supersedes: ${adr.supersedes}`);
  if (adr.basedOn) fm.push(`based_on: [${adr.basedOn.join(', ')}]`);
  if (adr.covers) fm.push('covers:', ...adr.covers.map((c) => `  - ${c}`));
  fm.push('---', '');
  const link = (p) => posix.relative('docs/adr', p);
  const body = [
    `# ${adr.id}: ${adr.title}`,
    '',
    '## Context',
    '',
    `We needed a rule for this across the workspace. ${adr.covers ? `It applies to [the covered code](${link(adr.covers[1])}).` : ''}`,
    '',
    '## Decision',
    '',
    `${adr.title}.${adr.supersedes ? ` This replaces ${adr.supersedes}.` : ''}`,
    '',
    '## Consequences',
    '',
    'New code follows this decision; existing code moves over when it is next changed.',
  ];
  return `${[...fm, ...body].join('\n').trimEnd()}\n`;
}

function renderDoc(rnd, doc, docs, adrs, code) {
  const dir = posix.dirname(doc.path);
  const link = (p) => posix.relative(dir, p) || posix.basename(p);
  const pkgCode = code.filter((m) => m.pkg === doc.pkg.index);
  const out = [];
  if (rnd.chance(0.2)) out.push('---', `title: ${doc.title}`, `tags: [${rnd.pick(FEATURES)}]`, '---', '');
  out.push(
    `# ${doc.title}`,
    '',
    `This page explains ${doc.title.toLowerCase()} in [${doc.pkg.name}](${link(`${doc.pkg.dir}/README.md`)}).`,
    '',
  );
  out.push('## Overview', '');
  for (let k = rnd.int(1, 4); k > 0; k--) {
    const m = rnd.pick(pkgCode);
    out.push(
      `The [${m.base}](${link(m.path)}) module exports \`${m.functions[0]}\`, which callers use directly.`,
    );
  }
  out.push('', '## Related', '');
  for (let k = rnd.int(2, 7); k > 0; k--) {
    const other = rnd.pick(docs);
    const anchor = rnd.chance(0.2) ? '#overview' : '';
    out.push(`- [${other.title}](${link(other.path)}${anchor})`);
  }
  if (rnd.chance(0.5)) {
    const adr = rnd.pick(adrs);
    out.push(`- [${adr.id}](${link(adr.path)}): ${adr.title.toLowerCase()}`);
  }
  // A few stale links, as every real docs folder has; proofmap must report them, not drop them.
  if (rnd.chance(0.03)) out.push(`- [Old page](${link('docs/legacy/removed-page.md')})`);
  if (rnd.chance(0.1))
    out.push('- [TypeScript handbook](https://www.typescriptlang.org/docs/handbook/intro.html)');
  return `${out.join('\n')}\n`;
}

function renderPackageReadme(pkg, packages) {
  const deps = pkg.deps.map((d) => `- [${packages[d].name}](../pkg-${d}/README.md)`);
  return [
    `# ${pkg.name}`,
    '',
    `Entry point: [src/index.ts](./src/index.ts). Docs: [package page](../../docs/packages/pkg-${pkg.index}.md).`,
    '',
    '## Depends on',
    '',
    ...(deps.length ? deps : ['Nothing else in the workspace.']),
    '',
  ].join('\n');
}
