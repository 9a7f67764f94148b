// Plans each module's imports over the planned modules. Targets are always of a lower rank (same
// package) or in a lower package, except the deliberate cycles, so the graph is layered with
// fan-in hotspots (pkg-0's util modules) and a known number of back edges.
import { posix } from 'node:path';
import { camel } from './names.js';

const EXTERNALS = [
  { specifier: 'lodash', pkg: 'lodash', values: ['debounce', 'groupBy', 'uniq', 'sortBy', 'chunk'] },
  { specifier: 'lodash/merge', pkg: 'lodash', default: 'merge' },
  { specifier: 'zod', pkg: 'zod', values: ['z'], types: ['ZodType'] },
  { specifier: 'date-fns', pkg: 'date-fns', values: ['format', 'addDays', 'isBefore'] },
  { specifier: 'nanoid', pkg: 'nanoid', values: ['nanoid'] },
  { specifier: 'node:path', values: ['join', 'basename'] },
  { specifier: 'node:crypto', values: ['createHash'] },
];
const REACT = {
  specifier: 'react',
  pkg: 'react',
  values: ['useState', 'useEffect', 'useMemo'],
  types: ['ReactNode'],
};
export const EXTERNAL_VERSIONS = {
  'date-fns': '^3.6.0',
  lodash: '^4.17.21',
  nanoid: '^5.0.7',
  react: '^18.3.1',
  zod: '^3.23.8',
};

const FORMS = [
  ['named', 55],
  ['type', 12],
  ['inline-type', 10],
  ['namespace', 4],
  ['reexport-named', 4],
  ['reexport-type', 2],
  ['reexport-all', 2],
  ['dynamic', 6],
  ['side-effect', 1],
];
const importable = (m) => m.kind === 'file' || m.kind === 'hotspot' || m.kind === 'index';

export function planImports(rnd, packages, all) {
  const hotspots = all.filter((m) => m.kind === 'hotspot');
  for (const pkg of packages) pkg.targets = pkg.modules.filter(importable);
  for (const pkg of packages) {
    for (const m of pkg.modules) {
      if (m.kind === 'file' || m.kind === 'hotspot') planFile(rnd, { packages, hotspots, pkg, m });
      else if (m.kind === 'cjs') planRequires(rnd, pkg, m);
    }
  }
}

function planFile(rnd, ctx) {
  const { pkg, m } = ctx;
  const state = { m, targets: new Set(), externals: new Set(), locals: new Set() };
  for (const back of m.forced) addInternal(rnd, state, back, relative(m, back, 'js'), back, 'named');
  if (m.kind === 'file' && rnd.chance(0.03)) addCycle(rnd, state, pkg);
  const count = m.kind === 'hotspot' ? rnd.int(0, 2) : 3 + Math.floor(rnd.next() ** 1.6 * 13);
  const mix =
    m.kind === 'hotspot'
      ? [
          ['local', 1],
          ['external', 1],
        ]
      : [
          ['hotspot', 10],
          ['local', 50],
          ['package', 14],
          ['external', 16],
        ];
  for (let tries = 0; m.imports.length < count && tries < count * 4; tries++) {
    const kind = rnd.weighted(mix);
    if (kind === 'hotspot') pickHotspot(rnd, state, ctx);
    else if (kind === 'local') pickLocal(rnd, state, pkg);
    else if (kind === 'package' && pkg.deps.length > 0) pickPackage(rnd, state, ctx);
    else pickExternal(rnd, state, pkg);
  }
  // Non-literal dynamic imports: a resolver cannot follow them, so they must show up as coverage.
  if (m.kind === 'file' && rnd.chance(0.012))
    m.imports.push({ form: 'dynamic-expr', variant: rnd.int(0, 1) });
  if (pkg.isApp && m.ext === '.tsx' && rnd.chance(0.1)) addAssets(m, pkg);
}

// A two-module cycle: this module imports a later sibling, and that sibling imports it back.
function addCycle(rnd, state, pkg) {
  const { m } = state;
  const later = pkg.modules.filter((x) => x.dir === m.dir && x.rank > m.rank && x.kind === 'file');
  if (later.length === 0) return;
  const target = rnd.pick(later);
  if (addInternal(rnd, state, target, relative(m, target, 'js'), target, 'named')) target.forced.push(m);
}

function pickHotspot(rnd, state, { pkg, packages, hotspots }) {
  const hot = rnd.pickSkewed(hotspots, 2.2);
  if (pkg.index === 0) {
    const spec = rnd.chance(0.3)
      ? `@app/util/${hot.base}`
      : relative(state.m, hot, rnd.chance(0.5) ? 'js' : 'bare');
    addInternal(rnd, state, hot, spec, hot);
    return;
  }
  const via = rnd.weighted([
    ['alias', 50],
    ['alias-js', 15],
    ['workspace', 35],
  ]);
  if (via === 'workspace') addInternal(rnd, state, rootIndex(packages[0]), '@bench/pkg-0', hot);
  else addInternal(rnd, state, hot, `@app/util/${hot.base}${via === 'alias-js' ? '.js' : ''}`, hot);
}

function pickLocal(rnd, state, pkg) {
  const { m } = state;
  const end = pkg.targets.findIndex((t) => t.rank >= m.rank);
  const earlier = pkg.targets.slice(0, end < 0 ? pkg.targets.length : end);
  if (earlier.length === 0) return;
  const siblings = earlier.filter((t) => t.dir === m.dir);
  // Half the picks stay in the folder; the rest lean towards nearby modules, as real code does.
  const target =
    siblings.length > 0 && rnd.chance(0.5)
      ? rnd.pick(siblings)
      : earlier[earlier.length - 1 - Math.floor(rnd.next() ** 2 * earlier.length)];
  let spec;
  if (pkg.isApp && rnd.chance(0.3)) spec = tildeSpecifier(pkg, target);
  else if (target.kind === 'index')
    spec = relative(
      m,
      target,
      rnd.weighted([
        ['dir', 50],
        ['js', 25],
        ['bare', 25],
      ]),
    );
  else spec = relative(m, target, rnd.chance(0.55) ? 'js' : 'bare');
  addInternal(rnd, state, target, spec, target);
}

function pickPackage(rnd, state, { pkg, packages }) {
  const dep = packages[rnd.pick(pkg.deps)];
  if (rnd.chance(0.6)) {
    addInternal(rnd, state, rootIndex(dep), dep.name, rootIndex(dep));
    return;
  }
  const feature = rnd.pick(dep.features);
  const target = dep.modules.find((x) => x.kind === 'index' && x.dir === `${dep.dir}/src/${feature}`);
  addInternal(rnd, state, target, `${dep.name}/${feature}`, target);
}

function pickExternal(rnd, state, pkg) {
  const { m } = state;
  const ext = m.ext === '.tsx' && rnd.chance(0.7) ? REACT : rnd.pick(EXTERNALS);
  if (state.externals.has(ext.specifier)) return;
  state.externals.add(ext.specifier);
  if (ext.pkg) pkg.externals.add(ext.pkg);
  if (ext.default) {
    m.imports.push({ form: 'default', specifier: ext.specifier, local: ext.default, values: [], types: [] });
    return;
  }
  const types = ext.types && rnd.chance(0.4) ? ext.types : [];
  const values = rnd.sample(ext.values, rnd.int(1, Math.min(2, ext.values.length)));
  m.imports.push({ form: types.length ? 'inline-type' : 'named', specifier: ext.specifier, values, types });
}

function addAssets(m, pkg) {
  const assets = posix.relative(m.dir, `${pkg.dir}/src/assets`);
  const src = posix.relative(m.dir, `${pkg.dir}/src`) || '.';
  m.imports.push({ form: 'reference', specifier: `${src}/env.d.ts` });
  m.imports.push({ form: 'default', specifier: `${assets}/logo.svg`, local: `logoUrl${m.id}`, values: [] });
  m.imports.push({ form: 'side-effect', specifier: `${assets}/theme.css`, values: [], types: [] });
}

// `source` is the module whose names are imported; it differs from `target` when a package root
// re-exports them (`import { x } from '@bench/pkg-0'` lands on pkg-0's index).
function addInternal(rnd, state, target, specifier, source, forced) {
  if (state.targets.has(target.id)) return false;
  state.targets.add(target.id);
  const values = source.valueNames.filter((n) => !state.locals.has(n));
  const types = source.typeNames.filter((n) => !state.locals.has(n));
  let form = forced ?? rnd.weighted(FORMS);
  if ((form === 'type' || form === 'reexport-type') && types.length === 0) form = 'named';
  if (form === 'inline-type' && (types.length === 0 || values.length === 0)) form = 'named';
  if (form === 'reexport-all' && source.pkg !== state.m.pkg) form = 'named';
  if ((form === 'named' || form === 'reexport-named') && values.length === 0)
    form = types.length ? 'type' : 'side-effect';
  const entry = { form, specifier, target: target.id, values: [], types: [] };
  if (form === 'named' || form === 'inline-type') entry.values = rnd.sample(values, rnd.int(1, 3));
  if (form === 'reexport-named') entry.values = rnd.sample(values, rnd.int(1, 2));
  if (form === 'type' || form === 'inline-type' || form === 'reexport-type')
    entry.types = rnd.sample(types, rnd.int(1, 2));
  if (form === 'namespace')
    entry.local = `${camel(target.base === 'index' ? posix.basename(target.dir) : target.base)}Ns${target.id}`;
  if (form === 'dynamic') entry.local = `load${target.id}x${state.m.id}`;
  if (form === 'reexport-all' && rnd.chance(0.5)) entry.local = `reexported${target.id}x${state.m.id}`;
  for (const n of [...entry.values, ...entry.types]) state.locals.add(n);
  state.m.imports.push(entry);
  return true;
}

function planRequires(rnd, pkg, m) {
  const req = (specifier, local) => m.imports.push({ form: 'require', specifier, local });
  req('node:path', 'path');
  if (m.base !== 'shared') req('./shared.cjs', 'shared');
  if (rnd.chance(0.5)) {
    req('lodash', '_');
    pkg.externals.add('lodash');
  }
  // A non-literal require, which no resolver can follow.
  if (m.base === 'release') m.imports.push({ form: 'require-expr' });
}

const rootIndex = (pkg) => pkg.modules.find((x) => x.kind === 'index' && x.dir === `${pkg.dir}/src`);

function relative(from, target, style) {
  const rel = posix.relative(from.dir, target.dir);
  const prefix = rel === '' ? '.' : rel.startsWith('..') ? rel : `./${rel}`;
  if (target.kind === 'index' && style === 'dir') return prefix;
  const stem = `${prefix}/${target.base}`;
  return style === 'js' ? `${stem}.js` : stem;
}

function tildeSpecifier(pkg, target) {
  const rel = posix.relative(`${pkg.dir}/src`, target.dir);
  if (target.kind === 'index') return `~/${rel}`;
  return `~/${rel ? `${rel}/` : ''}${target.base}`;
}
