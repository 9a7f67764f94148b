/**
 * Markdown inputs for comparing the fast pass with the full parser: every Markdown fixture,
 * proofmap's own docs, and a deterministic sample of READMEs of installed packages (real text
 * nobody here wrote). Paths are repo-relative; the list is sorted so runs compare the same files.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

export interface CorpusDoc {
  path: string;
  text: string;
}

const ROOT = join(import.meta.dirname, '..', '..');
const MARKDOWN = /\.(md|mdx|markdown)$/i;
const SKIPPED = new Set(['node_modules', '.git', 'dist', '.proofmap', '.work']);

function walk(dir: string, out: string[]): void {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (SKIPPED.has(entry.name)) continue;
    const full = join(dir, entry.name);
    if (entry.isDirectory()) walk(full, out);
    else if (entry.isFile() && MARKDOWN.test(entry.name)) out.push(full);
  }
}

function read(files: string[]): CorpusDoc[] {
  return files
    .map((file) => ({ path: relative(ROOT, file).split('\\').join('/'), text: readFileSync(file, 'utf8') }))
    .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

/** Fixtures under test/fixtures and the repository's own docs (README.md, bench/README.md …). */
export function ownDocs(): CorpusDoc[] {
  const files: string[] = [];
  walk(ROOT, files);
  return read(files);
}

/** Every `stride`-th README of node_modules (top-level and scoped packages), in name order. */
export function packageReadmes(stride = 1): CorpusDoc[] {
  const modules = join(ROOT, 'node_modules');
  const dirs: string[] = [];
  for (const name of readdirSync(modules).sort()) {
    if (name.startsWith('.')) continue;
    if (name.startsWith('@')) {
      for (const sub of readdirSync(join(modules, name)).sort()) dirs.push(join(modules, name, sub));
    } else dirs.push(join(modules, name));
  }
  const files: string[] = [];
  for (const dir of dirs) {
    let names: string[];
    try {
      names = readdirSync(dir);
    } catch {
      continue;
    }
    const readme = names.filter((n) => /^readme\.(md|markdown)$/i.test(n)).sort()[0];
    if (readme && statSync(join(dir, readme)).isFile()) files.push(join(dir, readme));
  }
  return read(files.filter((_, i) => i % stride === 0));
}
