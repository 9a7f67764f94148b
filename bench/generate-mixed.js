#!/usr/bin/env node
// Generates a mixed-language repository for the per-language benchmark: a TypeScript front end
// (web/) beside a Python service (service/, a pyproject src/ layout with packages, relative and
// absolute imports, stdlib and third-party imports, tests) and a Go CLI (cli/, one module of
// packages importing each other, the standard library and a required module, with tests and
// build-tagged files), and a Rust engine (engine/, a Cargo workspace of crates whose module trees use
// x.rs, x/mod.rs and #[path] files, crate::/super:: paths, path dependencies between crates,
// std and a registry crate, #[cfg(test)] modules). Deterministic for a seed.
//
//   node bench/generate-mixed.js [dir] [--python N] [--ts N] [--go N] [--rust N] [--seed N]
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRandom } from './lib/prng.js';

const here = dirname(fileURLToPath(import.meta.url));
export const DEFAULT_MIXED_REPO = join(here, '.work', 'repo-mixed');
const STDLIB = ['os', 'json', 'typing', 'dataclasses', 'functools', 'itertools', 'logging', 'pathlib'];
const THIRD_PARTY = ['requests', 'pydantic', 'sqlalchemy'];
const GO_STDLIB = ['fmt', 'os', 'strings', 'context', 'io', 'sort', 'errors', 'net/http'];

export function generateMixed(dir, { python = 2000, ts = 1000, go = 1000, rust = 1000, seed = 11 } = {}) {
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
  generateGo(write, rnd, go);
  generateRust(write, rnd, rust);
  return dir;
}

/** cli/: packages of ~10 files; each file imports stdlib packages and one to three earlier packages. */
function generateGo(write, rnd, count) {
  if (count === 0) return;
  write('cli/go.mod', 'module example.com/cli\n\ngo 1.19\n\nrequire github.com/spf13/cobra v1.8.0\n');
  const packages = Math.max(1, Math.ceil(count / 10));
  const dirOf = (p) => (p % 4 === 0 ? `internal/p${p}` : `pkg/p${p}`);
  for (let i = 0; i < count; i++) {
    const p = Math.floor(i / 10);
    const name = i % 10 === 9 ? `f${i}_test.go` : i % 10 === 8 ? `f${i}_linux.go` : `f${i}.go`;
    const imports = new Set([rnd.pick(GO_STDLIB)]);
    if (rnd.chance(0.1)) imports.add('github.com/spf13/cobra');
    for (let k = 0; k < rnd.int(1, 3) && p > 0; k++)
      imports.add(`example.com/cli/${dirOf(rnd.int(0, p - 1))}`);
    if (name.endsWith('_test.go')) imports.add('testing');
    const specs = [...imports].sort().map((x, k) => `\ti${k} "${x}"`);
    const uses = [...imports].map((_, k) => `var _ = i${k}.X`);
    const constraint = name.endsWith('_linux.go') ? '//go:build linux\n\n' : '';
    const body = `func F${i}() int { return ${i} }\n\ntype T${i} struct{ V int }\n`;
    write(
      `cli/${dirOf(p)}/${name}`,
      `${constraint}package p${p}\n\nimport (\n${specs.join('\n')}\n)\n\n${uses.join('\n')}\n\n${body}`,
    );
  }
  write(
    'cli/main.go',
    `package main\n\nimport "example.com/cli/${dirOf(packages - 1)}"\n\nfunc main() { _ = p${packages - 1}.F${count - 1} }\n`,
  );
}

/** engine/: crates of ~50 module files; each file uses an earlier module, std, and sometimes another crate. */
function generateRust(write, rnd, count) {
  if (count === 0) return;
  const crates = Math.max(1, Math.ceil(count / 50));
  write('engine/Cargo.toml', '[workspace]\nresolver = "2"\nmembers = ["crates/*"]\n');
  let left = count;
  for (let c = 0; c < crates; c++) {
    const dir = `engine/crates/e${c}`;
    const deps = c > 0 ? [rnd.int(0, c - 1)] : [];
    write(
      `${dir}/Cargo.toml`,
      `[package]\nname = "e${c}"\nversion = "0.1.0"\nedition = "2021"\n\n[dependencies]\nserde = "1"\n${deps.map((d) => `e${d} = { path = "../e${d}" }\n`).join('')}`,
    );
    const files = Math.min(left, 50) - 1;
    left -= files + 1;
    const lib = [];
    const paths = [];
    for (let m = 0; m < files; m++) {
      const form = m % 3;
      const file = form === 0 ? `src/m${m}.rs` : form === 1 ? `src/m${m}/mod.rs` : `src/alt/m${m}.rs`;
      lib.push(form === 2 ? `#[path = "alt/m${m}.rs"]\npub mod m${m};` : `pub mod m${m};`);
      const uses = [`use std::${rnd.pick(['fmt', 'io', 'collections::HashMap', 'sync::Arc'])};`];
      if (m > 0) uses.push(`use crate::m${rnd.int(0, m - 1)}::T;`);
      if (deps.length > 0 && rnd.chance(0.2)) uses.push(`use e${deps[0]}::m0::T as Dep;`);
      if (rnd.chance(0.1)) uses.push('use serde::Serialize;');
      const tests = m % 10 === 9 ? '\n#[cfg(test)]\nmod tests {\n    use super::*;\n}\n' : '';
      write(
        `${dir}/${file}`,
        `${uses.join('\n')}\n\npub struct T;\npub fn f${m}() -> u32 {\n    ${m}\n}\n${tests}`,
      );
      paths.push(file);
    }
    write(`${dir}/src/lib.rs`, `${lib.join('\n')}\n`);
    if (left <= 0) break;
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const flag = (name, fallback) => {
    const i = args.indexOf(`--${name}`);
    return i >= 0 ? Number(args[i + 1]) : fallback;
  };
  const dir = args[0] && !args[0].startsWith('--') ? resolve(args[0]) : DEFAULT_MIXED_REPO;
  generateMixed(dir, {
    python: flag('python', 2000),
    ts: flag('ts', 1000),
    go: flag('go', 1000),
    rust: flag('rust', 1000),
    seed: flag('seed', 11),
  });
  process.stdout.write(`${dir}\n`);
}
