// Plans the benchmark monorepo as plain data: packages, modules in rank order, and the exports of
// each. Imports are planned separately (plan-imports.js). A module may only import modules of a
// lower rank, which keeps the graph layered; the few cycles are added on purpose.
import { FEATURES, HOTSPOTS, NOUNS, pascal, SUBFEATURES, SUFFIXES, VERBS } from './names.js';

export function planPackages(rnd, count, totalFiles) {
  const packages = [];
  // pkg-0 is the shared utility package (the `@app/*` alias target); the last one is the app.
  const weights = Array.from({ length: count }, (_, i) => (i === 0 ? 0.5 : 0.7 + rnd.next() * 0.6));
  const sum = weights.reduce((a, b) => a + b, 0);
  let left = totalFiles;
  for (let i = 0; i < count; i++) {
    const files = i === count - 1 ? left : Math.round((totalFiles * weights[i]) / sum);
    left -= files;
    const deps = new Set(i > 0 ? [0] : []);
    for (let k = rnd.int(0, 3); k > 0 && i > 1; k--) deps.add(rnd.int(1, i - 1));
    packages.push({
      index: i,
      name: `@bench/pkg-${i}`,
      dir: `packages/pkg-${i}`,
      isApp: i === count - 1,
      tsxShare: i === count - 1 ? 0.35 : i === count - 2 ? 0.2 : 0,
      files,
      deps: [...deps].sort((a, b) => a - b),
      externals: new Set(),
      features: [],
      modules: [],
    });
  }
  return packages;
}

export function planModules(rnd, pkg, all) {
  const src = `${pkg.dir}/src`;
  const featureCount = Math.max(2, Math.round(pkg.files / 45));
  const dirs = [];
  const names = pkg.index === 0 ? ['util', ...FEATURES] : [...FEATURES];
  for (let f = 0; f < featureCount; f++) {
    const name = f < names.length ? names[f] : `${names[f % names.length]}-${Math.floor(f / names.length)}`;
    // The hotspot folder stays flat so its modules come first in rank order.
    const subs =
      name === 'util'
        ? 0
        : rnd.weighted([
            [0, 4],
            [1, 4],
            [2, 2],
          ]);
    const subNames = rnd.sample(SUBFEATURES, subs);
    pkg.features.push(name);
    dirs.push({ path: `${src}/${name}`, subs: subNames.map((s) => `${src}/${name}/${s}`), files: 0 });
  }
  const dirCount = dirs.reduce((n, d) => n + 1 + d.subs.length, 0);
  const extra = pkg.isApp ? 1 : 0; // src/env.d.ts
  const regular = pkg.files - dirCount - 1 - extra;
  const slots = dirs.flatMap((d) => [d.path, ...d.subs]);
  const perDir = new Map(slots.map((s) => [s, 2]));
  for (let n = regular - 2 * slots.length; n > 0; n--) {
    const s = rnd.pickSkewed(slots, 1.3);
    perDir.set(s, perDir.get(s) + 1);
  }
  // Children before parents, files before their folder's index: an index only re-exports
  // modules of a lower rank.
  for (const d of dirs) {
    const children = [];
    for (const sub of d.subs) children.push(fillDir(rnd, pkg, all, sub, perDir.get(sub), []));
    const hot = pkg.index === 0 && d.path.endsWith('/util') ? HOTSPOTS : [];
    fillDir(rnd, pkg, all, d.path, perDir.get(d.path), children, hot);
  }
  const top = pkg.modules.filter(
    (m) => m.kind === 'index' && m.dir.split('/').length === src.split('/').length + 1,
  );
  addIndex(pkg, all, src, top);
  if (pkg.isApp) {
    const dts = addModule(pkg, all, src, 'env', '.d.ts', 'dts');
    dts.valueNames = [];
  }
  for (let k = 0; k < 4; k++)
    addModule(pkg, all, `${pkg.dir}/scripts`, ['shared', 'build', 'clean', 'release'][k], '.cjs', 'cjs');
}

function fillDir(rnd, pkg, all, dir, count, children, hot = []) {
  const used = new Set();
  const files = [];
  for (const h of hot) files.push(declare(rnd, addModule(pkg, all, dir, h, '.ts', 'hotspot'), h));
  for (let i = files.length; i < count; i++) {
    let base = `${rnd.pick(NOUNS)}-${rnd.pick(SUFFIXES)}`;
    while (used.has(base)) base = `${rnd.pick(NOUNS)}-${rnd.pick(SUFFIXES)}`;
    used.add(base);
    const ext = rnd.chance(pkg.tsxShare) ? '.tsx' : '.ts';
    files.push(declare(rnd, addModule(pkg, all, dir, base, ext, 'file'), base));
  }
  return addIndex(pkg, all, dir, [...children, ...files]);
}

function addModule(pkg, all, dir, base, ext, kind) {
  const m = { id: all.length, pkg: pkg.index, rank: pkg.modules.length, dir, base, ext, kind };
  Object.assign(m, { path: `${dir}/${base}${ext}`, imports: [], forced: [], valueNames: [], typeNames: [] });
  all.push(m);
  pkg.modules.push(m);
  return m;
}

// Every exported name carries the module id, so `export *` chains never collide.
function declare(rnd, m, stem) {
  const p = pascal(stem);
  // A few large modules, as in real code: parse cost is not uniform across files.
  const count = rnd.chance(0.05) ? rnd.int(8, 14) : rnd.int(1, 4);
  m.functions = Array.from({ length: count }, (_, k) => `${VERBS[(m.id + k * 7) % VERBS.length]}${p}${m.id}`);
  m.classes = rnd.chance(0.15) ? [`${p}Registry${m.id}`] : [];
  m.consts = rnd.chance(0.5) ? [`${stem.toUpperCase().replace(/-/g, '_')}_DEFAULTS_${m.id}`] : [];
  m.types = [`${p}${m.id}`, ...(rnd.chance(0.5) ? [`${p}Options${m.id}`] : [])];
  m.components = m.ext === '.tsx' ? [`${p}View${m.id}`] : [];
  if (m.ext === '.tsx') m.types.push(`${p}ViewProps${m.id}`);
  m.valueNames = [...m.functions, ...m.consts, ...m.classes, ...m.components];
  m.typeNames = m.types;
  return m;
}

function addIndex(pkg, all, dir, targets) {
  const m = addModule(pkg, all, dir, 'index', '.ts', 'index');
  m.reexports = targets;
  m.valueNames = targets.flatMap((t) => t.valueNames);
  m.typeNames = targets.flatMap((t) => t.typeNames);
  return m;
}
