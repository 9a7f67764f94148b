// Large Markdown documents for the docs benchmark: front matter, nested headings, paragraphs with
// inline code, emphasis and links (relative, anchored, reference-style, external), lists, tables,
// code fences, block quotes, images, and now and then a bare URL or an HTML block, so every path
// of the extractor (fast, per-paragraph fallback) is exercised in realistic proportions.
import { posix } from 'node:path';
import { camel, FEATURES, NOUNS, pascal, uniqueDoc, VERBS } from './names.js';

const SECTIONS = ['guides', 'reference', 'architecture', 'how-to', 'operations', 'api'];
const WORDS = (
  'the request handler reads its options once and keeps a small cache so that repeated calls stay ' +
  'cheap while the store writes every change through a single queue which makes ordering explicit ' +
  'and lets tests replace the clock a retry waits for the previous attempt before it starts again ' +
  'errors carry their cause and the caller decides whether to log them or surface them to the user'
).split(' ');
const LANGS = ['ts', 'sh', 'json', 'yaml', 'js'];

export function planBigDocs(rnd, count) {
  const docs = [];
  const used = new Set();
  while (docs.length < count) {
    docs.push(uniqueDoc(rnd, rnd.pick(SECTIONS), used));
  }
  return docs;
}

/** Small source files the docs link to and mention, so a scan of the repo resolves them. */
export function planSources(rnd, count) {
  const sources = [];
  for (let i = 0; i < count; i++) {
    const feature = FEATURES[i % FEATURES.length];
    const name = `${rnd.pick(NOUNS)}-${i}`;
    sources.push({ path: `src/${feature}/${name}.ts`, symbol: camel(`${rnd.pick(VERBS)}-${name}`) });
  }
  return sources;
}

export function renderSource(source) {
  return `export function ${source.symbol}(input: string): string {\n  return input.trim();\n}\n`;
}

export function renderBigDoc(rnd, doc, docs, sources, sections) {
  const dir = posix.dirname(doc.path);
  const rel = (p) => posix.relative(dir, p) || posix.basename(p);
  const out = [];
  const refs = [];
  out.push('---', `title: ${doc.title}`, `tags: [${rnd.pick(FEATURES)}, ${rnd.pick(FEATURES)}]`);
  out.push(`status: ${rnd.pick(['draft', 'stable', 'deprecated'])}`, '---', '');
  out.push(`# ${doc.title}`, '');
  out.push(paragraph(rnd, rel, docs, sources, refs), '');
  for (let s = 0; s < sections; s++) {
    out.push(`## ${pascal(`${rnd.pick(VERBS)}-${rnd.pick(NOUNS)}`)} ${s + 1}`, '');
    for (let p = rnd.int(2, 4); p > 0; p--) out.push(paragraph(rnd, rel, docs, sources, refs), '');
    const block = rnd.int(0, 9);
    if (block <= 2) out.push(...table(rnd, rel, sources), '');
    else if (block <= 5) out.push(...fence(rnd, sources), '');
    else if (block === 6) out.push(...list(rnd, rel, docs), '');
    else if (block === 7)
      out.push(`> **Note** ${sentence(rnd)} See [the guide](${rel(rnd.pick(docs).path)}).`, '');
    else if (block === 8) out.push(`![diagram of ${rnd.pick(NOUNS)}](./images/${rnd.pick(NOUNS)}.png)`, '');
    else out.push('<details>', '<summary>More</summary>', '', sentence(rnd), '', '</details>', '');
    if (rnd.chance(0.5)) {
      out.push(`### ${pascal(rnd.pick(NOUNS))} details`, '');
      out.push(paragraph(rnd, rel, docs, sources, refs), '');
    }
  }
  if (refs.length > 0) out.push(...[...new Set(refs)].map((r) => `[${r.label}]: ${r.url}`), '');
  return `${out.join('\n').trimEnd()}\n`;
}

/** Mostly the target's title anchor; now and then one that does not exist, as in real docs. */
function anchor(rnd, doc) {
  return rnd.chance(0.95) ? `#${doc.title.toLowerCase().replace(/ /g, '-')}` : '#overview';
}

function sentence(rnd) {
  const n = rnd.int(8, 18);
  const words = [];
  for (let i = 0; i < n; i++) words.push(rnd.pick(WORDS));
  const text = words.join(' ');
  return `${text[0].toUpperCase()}${text.slice(1)}.`;
}

function paragraph(rnd, rel, docs, sources, refs) {
  const parts = [];
  for (let k = rnd.int(3, 6); k > 0; k--) {
    const roll = rnd.int(0, 19);
    const source = rnd.pick(sources);
    const other = rnd.pick(docs);
    if (roll <= 3) parts.push(`${sentence(rnd)} Call \`${source.symbol}()\` from \`${source.path}\`.`);
    else if (roll <= 6)
      parts.push(`See [${other.title}](${rel(other.path)}${rnd.chance(0.3) ? anchor(rnd, other) : ''}).`);
    else if (roll <= 8)
      parts.push(
        `The *${rnd.pick(NOUNS)}* and **${rnd.pick(NOUNS)}** live in [the module](${rel(source.path)}).`,
      );
    else if (roll === 9) {
      const label = `${rnd.pick(NOUNS)}-ref`;
      refs.push({ label, url: rel(other.path) });
      parts.push(`Read [the ${label.slice(0, -4)} page][${label}] first.`);
    } else if (roll === 10)
      parts.push(`Upstream docs: [MDN](https://developer.mozilla.org/en-US/docs/Web/${rnd.pick(NOUNS)}).`);
    else if (roll === 11 && rnd.chance(0.2))
      parts.push(`Ask on https://example.com/${rnd.pick(NOUNS)} when stuck.`);
    else if (roll === 12) parts.push(`Files under ${posix.dirname(source.path)}/ follow the same rule.`);
    else parts.push(sentence(rnd));
  }
  // Wrapped at ~100 columns, as hand-written docs usually are.
  const lines = [];
  let line = '';
  for (const word of parts.join(' ').split(' ')) {
    if (line.length + word.length > 100) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines.join('\n');
}

function table(rnd, rel, sources) {
  const rows = ['| Name | Kind | Where | Notes |', '| --- | :---: | --- | --- |'];
  for (let r = rnd.int(4, 14); r > 0; r--) {
    const source = rnd.pick(sources);
    const kind = rnd.pick(['`function`', '`string \\| undefined`', 'class', '*deprecated*']);
    rows.push(
      `| \`${source.symbol}\` | ${kind} | [${posix.basename(source.path)}](${rel(source.path)}) | ${sentence(rnd)} |`,
    );
  }
  return rows;
}

function fence(rnd, sources) {
  const lang = rnd.pick(LANGS);
  const source = rnd.pick(sources);
  const body = [];
  for (let l = rnd.int(4, 20); l > 0; l--) {
    if (lang === 'sh') body.push(`npx proofmap scan --json # ${rnd.pick(WORDS)} [not](a-link.md)`);
    else if (lang === 'json') body.push(`  "${rnd.pick(NOUNS)}": "${rnd.pick(WORDS)}",`);
    else if (lang === 'yaml') body.push(`${rnd.pick(NOUNS)}: ${rnd.pick(WORDS)}`);
    else
      body.push(
        `import { ${source.symbol} } from './${posix.basename(source.path, '.ts')}.js'; // ${rnd.pick(WORDS)}`,
      );
  }
  return [`\`\`\`${lang}`, ...body, '```'];
}

function list(rnd, rel, docs) {
  const items = [];
  for (let i = rnd.int(3, 8); i > 0; i--) {
    const other = rnd.pick(docs);
    items.push(`- [${other.title}](${rel(other.path)}): ${sentence(rnd)}`);
    if (rnd.chance(0.3)) items.push(`  - nested: \`${rnd.pick(NOUNS)}\` and _${rnd.pick(NOUNS)}_`);
  }
  return items;
}
