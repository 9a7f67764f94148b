/**
 * extract: facts per file, by role, cached by (extractor, content hash). A cache hit skips the
 * parse entirely; that is what makes a rescan of an unchanged tree cheap.
 */
import type { ModuleFacts, SourceFile, TextSource } from '../model/facts.js';
import { isRetriedVerdict } from '../parse-isolation/parse-isolated.js';
import { type ArtifactFacts, extractArtifact } from './artifact.js';
import { log4brainsFolders } from './artifact-folders.js';
import { GO_CACHE_KEY, GO_PATH, type GoFacts } from './go.js';
import { extractGoManifest, type GoManifest, isGoManifest } from './go-manifest.js';
import { isCodePath, moduleCacheKey } from './js-ts.js';
import { type DocFacts, extractDoc } from './markdown.js';
import { extractPackageJson, type PackageFacts } from './package-json.js';
import { parseParallel } from './parse-pool.js';
import { PYTHON_CACHE_KEY, PYTHON_PATH, type PythonFacts } from './python.js';
import { extractPythonManifest, isPythonManifest, type PythonManifest } from './python-manifest.js';
import { RUST_CACHE_KEY, RUST_PATH, type RustFacts } from './rust.js';
import { type CargoManifest, extractCargoManifest, isCargoManifest } from './rust-manifest.js';

/** Where facts are cached between runs (the SQLite index implements it). */
export interface FactCache {
  get<T>(extractor: string, hash: string): T | undefined;
  /** `json`: JSON.stringify(facts) when the caller already has it (facts that crossed from a worker). */
  put(extractor: string, hash: string, facts: unknown, json?: string): void;
}

export const noCache: FactCache = { get: () => undefined, put: () => {} };

export interface ExtractedFacts {
  modules: Map<string, ModuleFacts>;
  manifests: Map<string, PackageFacts>;
  docs: Map<string, DocFacts>;
  /** Python modules (tree-sitter) and project manifests (pyproject.toml, requirements*.txt). */
  python: Map<string, PythonFacts>;
  pythonManifests: Map<string, PythonManifest>;
  /** Go files (tree-sitter) and module manifests (go.mod, go.work). */
  go: Map<string, GoFacts>;
  goManifests: Map<string, GoManifest>;
  /** Rust files (tree-sitter) and Cargo manifests. */
  rust: Map<string, RustFacts>;
  cargoManifests: Map<string, CargoManifest>;
  /** Decision records among the docs (their id comes from the path too, so they are not cached). */
  artifacts: Map<string, ArtifactFacts>;
  /** How many files were parsed (cache misses) vs reused. */
  parsed: number;
  reused: number;
}

export async function extractAll(
  files: SourceFile[],
  texts: TextSource,
  cache: FactCache,
): Promise<ExtractedFacts> {
  const out: ExtractedFacts = {
    modules: new Map(),
    manifests: new Map(),
    docs: new Map(),
    python: new Map(),
    pythonManifests: new Map(),
    go: new Map(),
    goManifests: new Map(),
    rust: new Map(),
    cargoManifests: new Map(),
    artifacts: new Map(),
    parsed: 0,
    reused: 0,
  };
  const misses: SourceFile[] = [];
  const pythonMisses: SourceFile[] = [];
  const goMisses: SourceFile[] = [];
  const rustMisses: SourceFile[] = [];
  /** Documents and manifests, extracted on this thread once the parse pool has its work. */
  const kept: SourceFile[] = [];
  const records = {
    recordFolders: log4brainsFolders(
      files.map((f) => f.path),
      (p) => texts.get(p),
    ),
  };
  for (const file of files) {
    const text = texts.get(file.path);
    if (text === undefined) continue;
    if (file.role === 'code' && isCodePath(file.path)) {
      const hit = cache.get<ModuleFacts>(moduleCacheKey(file.path), file.hash);
      if (hit) {
        out.modules.set(file.path, relabel(hit, file.path));
        out.reused++;
      } else misses.push(file);
    } else if (file.role === 'code' && PYTHON_PATH.test(file.path)) {
      const hit = cache.get<PythonFacts>(PYTHON_CACHE_KEY, file.hash);
      if (hit) {
        out.python.set(file.path, relabel(hit, file.path));
        out.reused++;
      } else pythonMisses.push(file);
    } else if (file.role === 'code' && GO_PATH.test(file.path)) {
      const hit = cache.get<GoFacts>(GO_CACHE_KEY, file.hash);
      if (hit) {
        out.go.set(file.path, relabel(hit, file.path));
        out.reused++;
      } else goMisses.push(file);
    } else if (file.role === 'code' && RUST_PATH.test(file.path)) {
      const hit = cache.get<RustFacts>(RUST_CACHE_KEY, file.hash);
      if (hit) {
        out.rust.set(file.path, relabel(hit, file.path));
        out.reused++;
      } else rustMisses.push(file);
    } else if (file.role === 'manifest' || file.role === 'doc') kept.push(file);
  }
  // One pool for every parsed language; a grammar loads only when a file of its language missed
  // the cache. Started before the documents and manifests below, which this thread extracts while
  // the workers parse.
  const jobOf = (f: SourceFile) => ({ path: f.path, text: texts.get(f.path)! });
  const parsing = parseParallel({
    jsTs: misses.map(jobOf),
    python: pythonMisses.map(jobOf),
    go: goMisses.map(jobOf),
    rust: rustMisses.map(jobOf),
  });
  for (const file of kept) {
    const text = texts.get(file.path)!;
    if (file.role === 'manifest' && isCargoManifest(file.path)) {
      out.cargoManifests.set(file.path, extractCargoManifest(file.path, text));
    } else if (file.role === 'manifest' && isGoManifest(file.path)) {
      out.goManifests.set(file.path, extractGoManifest(file.path, text));
    } else if (file.role === 'manifest' && isPythonManifest(file.path)) {
      out.pythonManifests.set(file.path, extractPythonManifest(file.path, text));
    } else if (file.role === 'manifest') {
      out.manifests.set(file.path, extractPackageJson(file.path, text));
    } else if (file.role === 'doc') {
      const hit = cache.get<DocFacts>('markdown', file.hash);
      const doc = hit ? relabel(hit, file.path) : extractDoc(file.path, text);
      if (!hit) cache.put('markdown', file.hash, doc);
      out.docs.set(file.path, doc);
      const artifact = extractArtifact(file.path, text, doc, records);
      if (artifact) out.artifacts.set(file.path, artifact);
    }
  }
  const parsed = await parsing;
  misses.forEach((file, i) => {
    const facts = parsed.jsTs[i]!;
    out.modules.set(file.path, facts);
    // A parse stopped for time or memory is not a fact about the bytes: the next scan tries again.
    if (!isRetriedVerdict(facts))
      cache.put(moduleCacheKey(file.path), file.hash, facts, parsed.json?.jsTs[i]);
  });
  pythonMisses.forEach((file, i) => {
    out.python.set(file.path, parsed.python[i]!);
    cache.put(PYTHON_CACHE_KEY, file.hash, parsed.python[i], parsed.json?.python[i]);
  });
  goMisses.forEach((file, i) => {
    out.go.set(file.path, parsed.go[i]!);
    cache.put(GO_CACHE_KEY, file.hash, parsed.go[i], parsed.json?.go[i]);
  });
  rustMisses.forEach((file, i) => {
    out.rust.set(file.path, parsed.rust[i]!);
    cache.put(RUST_CACHE_KEY, file.hash, parsed.rust[i], parsed.json?.rust[i]);
  });
  out.parsed = misses.length + pythonMisses.length + goMisses.length + rustMisses.length;
  return out;
}

/**
 * Facts are cached by content, not by path: two files with the same bytes share one entry, so
 * the coverage scopes (which name the file) are rewritten to the file at hand.
 */
function relabel<T extends { coverage: ModuleFacts['coverage'] }>(facts: T, path: string): T {
  if (facts.coverage.length === 0) return facts;
  return {
    ...facts,
    coverage: facts.coverage.map((c) => ({
      ...c,
      scope: c.scope.replace(/^.*?(:\d+)?$/, (_m, line: string | undefined) => `${path}${line ?? ''}`),
    })),
  };
}
