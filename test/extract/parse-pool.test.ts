import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { packLane, unpackJobs } from '../../src/extract/parse-lane.js';
import { answerInParts, PART_FILES, parseHere, type WorkerMessage } from '../../src/extract/parse-pool.js';

/** Real code nobody here wrote: the first files matching `ext` under each directory. */
function realFiles(roots: string[], ext: RegExp, limit: number): { path: string; text: string }[] {
  const out: { path: string; text: string }[] = [];
  const visit = (dir: string) => {
    for (const name of readdirSync(dir).sort()) {
      if (out.length >= limit) return;
      const abs = path.join(dir, name);
      if (statSync(abs).isDirectory()) visit(abs);
      else if (ext.test(name) && statSync(abs).size < 200_000)
        out.push({ path: path.relative(path.dirname(dir), abs), text: readFileSync(abs, 'utf8') });
    }
  };
  for (const root of roots) if (existsSync(root)) visit(root);
  return out;
}

const ask = (cmd: string, args: string[]) => {
  const r = spawnSync(cmd, args, { encoding: 'utf8' });
  return r.status === 0 ? r.stdout.trim() : undefined;
};
const pythonLib = ask('python3', ['-c', 'import sysconfig;print(sysconfig.get_paths()["stdlib"])']);
const goroot = ask('go', ['env', 'GOROOT']);

/** Rust sources (none ship offline here): modules with mods, uses, pub items and a cfg(test) block. */
const rustFiles = () =>
  Array.from({ length: 120 }, (_, i) => ({
    path: `crate${i % 7}/src/m${i}.rs`,
    text: `mod child${i};\n#[path = "p${i}.rs"]\npub mod other;\nuse crate::{a::b${i}, c as d};\npub use super::m${i + 1}::*;\npub fn f${i}() {}\npub struct S${i};\n#[cfg(test)]\nmod tests {\n    use super::*;\n}\n`,
  }));

describe('the parse pool (compiled build, worker threads)', () => {
  it('gives exactly the single-thread facts, in input order, for every language at once', async () => {
    // The pool only spawns workers from the compiled build (npm test builds before vitest).
    const { parseParallel } = await import(new URL('../../dist/extract/parse-pool.js', import.meta.url).href);
    const jobs = {
      jsTs: realFiles(
        ['zod', 'ajv', '@modelcontextprotocol/sdk', 'graphology-metrics', 'yaml'].map((p) =>
          path.join('node_modules', p),
        ),
        /\.(?:[cm]?js|ts)$/,
        1200,
      ),
      python: pythonLib
        ? realFiles([path.join(pythonLib, 'email'), path.join(pythonLib, 'json')], /\.py$/, 150)
        : [],
      go: goroot
        ? realFiles([path.join(goroot, 'src/net/http'), path.join(goroot, 'src/strings')], /\.go$/, 150)
        : [],
      rust: rustFiles(),
    };
    // Each of the two lanes or more must answer in several parts for this to test their assembly.
    expect(jobs.jsTs.length).toBeGreaterThan(3 * PART_FILES);
    const { json, ...pooled } = await parseParallel(jobs);
    expect(pooled).toEqual(await parseHere(jobs));
    // The JSON texts the workers sent are what the fact cache stores: exactly the facts' JSON.
    for (const language of ['jsTs', 'python', 'go', 'rust'] as const)
      expect(json[language]).toEqual(pooled[language].map((f: unknown) => JSON.stringify(f)));
    if (goroot)
      expect(pooled.go.filter((f: { imports: unknown[] }) => f.imports.length > 0).length).toBeGreaterThan(
        50,
      );
  });

  it('runs Python and Go alone on the workers too (no JS/TS in the repository)', async () => {
    const { parseParallel } = await import(new URL('../../dist/extract/parse-pool.js', import.meta.url).href);
    const go = goroot
      ? realFiles([path.join(goroot, 'src/net'), path.join(goroot, 'src/crypto')], /\.go$/, 400)
      : [];
    const jobs = { jsTs: [], python: [], go, rust: [] };
    const { json: _json, ...pooled } = await parseParallel(jobs);
    expect(pooled).toEqual(await parseHere(jobs));
  });

  it('a worker answers in parts, in order, then done; together they are the facts of its lane', async () => {
    const jsTs = realFiles([path.join('node_modules', 'zod')], /\.(?:[cm]?js|ts)$/, 2 * PART_FILES + 17);
    const jobs = { jsTs, python: [], go: [], rust: rustFiles() };
    const expected = await parseHere({ ...jobs, jsTs: [...jsTs], rust: [...jobs.rust] });
    const messages: WorkerMessage[] = [];
    await answerInParts(packLane(jobs), (m) => messages.push(m));
    expect(messages.at(-1)).toEqual({ done: true });
    const parts = messages.flatMap((m) => ('part' in m ? [m.part] : []));
    // Rust's files come in parts of their own, the last one short.
    const rustParts = Array.from({ length: Math.ceil(jobs.rust.length / PART_FILES) }, (_, k) => [
      'rust',
      k * PART_FILES,
      Math.min(PART_FILES, jobs.rust.length - k * PART_FILES),
    ]);
    expect(parts.map((p) => [p.language, p.start, p.texts.length])).toEqual([
      ['jsTs', 0, PART_FILES],
      ['jsTs', PART_FILES, PART_FILES],
      ['jsTs', 2 * PART_FILES, 17],
      ...rustParts,
    ]);
    const of = (language: string) => parts.filter((p) => p.language === language).flatMap((p) => p.texts);
    expect(of('jsTs')).toEqual(expected.jsTs.map((f) => JSON.stringify(f)));
    expect(of('rust')).toEqual(expected.rust.map((f) => JSON.stringify(f)));
  });

  it('a packed lane gives back every text exactly: non-ASCII, empty, a lone surrogate, every language', () => {
    const jobs = {
      jsTs: [
        { path: 'a.ts', text: "import ä from './ü'; // 😀\n" },
        { path: 'b.ts', text: '' },
        { path: 'c.ts', text: 'const s = "\\ud800";\n' },
        { path: 'd.ts', text: `const s = '${String.fromCharCode(0xd800)}';\n` },
      ],
      python: [{ path: 'p.py', text: 'import é\n' }],
      go: [],
      rust: [{ path: 'r.rs', text: 'mod ß;\n' }],
    };
    const lane = packLane(jobs);
    expect(lane.loose.map(([language, index]) => [language, index])).toEqual([['jsTs', 3]]);
    for (const language of ['jsTs', 'python', 'go', 'rust'] as const)
      expect(unpackJobs(lane, language, 0, 10)).toEqual(jobs[language]);
    expect(unpackJobs(lane, 'jsTs', 1, 3)).toEqual(jobs.jsTs.slice(1, 3));
  });
});
