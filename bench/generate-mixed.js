#!/usr/bin/env node
// Generates a mixed-language repository for the per-language benchmark: a TypeScript front end
// (web/) beside a Python service (service/, a pyproject src/ layout with packages, relative and
// absolute imports, stdlib and third-party imports, tests). Deterministic for a seed.
//
//   node bench/generate-mixed.js [dir] [--python N] [--ts N] [--seed N]
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRandom } from './lib/prng.js';

const here = dirname(fileURLToPath(import.meta.url));
export const DEFAULT_MIXED_REPO = join(here, '.work', 'repo-mixed');
const STDLIB = ['os', 'json', 'typing', 'dataclasses', 'functools', 'itertools', 'logging', 'pathlib'];
const THIRD_PARTY = ['requests', 'pydantic', 'sqlalchemy'];

export function generateMixed(dir, { python = 2000, ts = 1000, seed = 11 } = {}) {
  const rnd = createRandom(seed);
  rmSync(dir, { recursive: true, force: true });
  const write = (rel, text) => {
    mkdirSync(dirname(join(dir, rel)), { recursive: true });
    writeFileSync(join(dir, rel), text);
  };
  write(
    'service/pyproject.toml',
    `[project]\nname = "service"\ndependencies = [\n${THIRD_PARTY.map((d) => `  "${d}"`).join(',\n')},\n]\n\n[tool.setuptools.packages.find]\nwhere = ["src"]\n`,
  );
  // Packages of ~25 modules each, two levels deep: app.p3.m7 lives in service/src/app/p3/m7.py.
  const modules = [];
  for (let i = 0; i < python; i++) modules.push({ pkg: `p${Math.floor(i / 25)}`, name: `m${i % 25}` });
  const pkgs = [...new Set(modules.map((m) => m.pkg))];
  write('service/src/app/__init__.py', `"""The service."""\n__all__ = ["VERSION"]\nVERSION = "1.0"\n`);
  for (const pkg of pkgs) write(`service/src/app/${pkg}/__init__.py`, `from . import m0\n`);
  modules.forEach((m, i) => {
    const lines = [`"""Module ${m.pkg}.${m.name}."""`];
    lines.push(`import ${rnd.pick(STDLIB)}`);
    if (rnd.chance(0.3)) lines.push(`import ${rnd.pick(THIRD_PARTY)}`);
    for (let k = 0; k < rnd.int(1, 4) && i > 0; k++) {
      const t = modules[rnd.int(0, i - 1)];
      if (t.pkg === m.pkg && rnd.chance(0.5)) lines.push(`from .${t.name} import f_${t.name}`);
      else if (rnd.chance(0.5)) lines.push(`from app.${t.pkg} import ${t.name}`);
      else lines.push(`import app.${t.pkg}.${t.name}`);
    }
    if (rnd.chance(0.1))
      lines.push('try:\n    import ujson as jsonlib\nexcept ImportError:\n    import json as jsonlib');
    lines.push('', '', `def f_${m.name}(x):`, '    return x', '', '', `class C${i}:`, '    value = 1', '');
    write(`service/src/app/${m.pkg}/${m.name}.py`, `${lines.join('\n')}\n`);
  });
  for (let t = 0; t < Math.ceil(python / 20); t++) {
    const m = modules[rnd.int(0, modules.length - 1)];
    write(
      `service/tests/test_${t}.py`,
      `from app.${m.pkg}.${m.name} import f_${m.name}\n\n\ndef test_${t}():\n    assert f_${m.name}(1) == 1\n`,
    );
  }
  write('package.json', '{ "name": "mixed", "private": true }\n');
  for (let i = 0; i < ts; i++) {
    const j = i > 0 ? rnd.int(0, i - 1) : 0;
    const imports = i > 0 ? [`import { v${j} as dep } from './m${j}.js';`] : [];
    const body = i > 0 ? `export const v${i} = dep;\n` : `export const v0 = 0;\n`;
    write(`web/src/m${i}.ts`, `${imports.join('\n')}\n${body}`);
  }
  return dir;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const flag = (name, fallback) => {
    const i = args.indexOf(`--${name}`);
    return i >= 0 ? Number(args[i + 1]) : fallback;
  };
  const dir = args[0] && !args[0].startsWith('--') ? resolve(args[0]) : DEFAULT_MIXED_REPO;
  generateMixed(dir, { python: flag('python', 2000), ts: flag('ts', 1000), seed: flag('seed', 11) });
  process.stdout.write(`${dir}\n`);
}
