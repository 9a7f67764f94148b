/**
 * A generated Cargo workspace that compiles offline (no registry crates): `crates` library crates,
 * each with `modules` top-level modules in rotating forms — x.rs, x/mod.rs with a child, x.rs with
 * a child in x/, #[path], an inline module holding a file module — a #[cfg(test)] module, path
 * dependencies on earlier crates, a binary and an integration test. It also returns the `use`
 * edges it wrote (file → file of the module the path names): cargo compiling it is their proof.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export interface GeneratedWorkspace {
  /** `from|to|relation`, repo-relative. */
  uses: Set<string>;
  files: number;
}

export function generateRustWorkspace(root: string, crates: number, modules: number): GeneratedWorkspace {
  const uses = new Set<string>();
  let files = 0;
  const put = (rel: string, text: string) => {
    mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    writeFileSync(path.join(root, rel), text);
    files++;
  };
  put('Cargo.toml', '[workspace]\nresolver = "2"\nmembers = ["crates/*"]\n');
  /** The deepest file module of each top-level module: [module path, file, item]. */
  const leaves: [string, string, string][][] = [];
  for (let c = 0; c < crates; c++) {
    const dir = `crates/c${c}`;
    const deps = [c - 1, c - 2].filter((d) => d >= 0 && c % 3 !== 0);
    put(
      `${dir}/Cargo.toml`,
      `[package]\nname = "c${c}"\nversion = "0.1.0"\nedition = "2021"\n\n[dependencies]\n${deps
        .map((d) => `c${d} = { path = "../c${d}" }\n`)
        .join('')}`,
    );
    const lib: string[] = [];
    const mine: [string, string, string][] = [];
    for (let m = 0; m < modules; m++) {
      const item = `S${c}x${m}`;
      const form = m % 5;
      // Each module file uses the previous module's leaf: a crate:: path the compiler checks.
      const prev = mine[m - 1];
      const body = (file: string, name: string) => {
        const lines: string[] = [];
        if (prev) {
          lines.push(`#[allow(unused_imports)]\nuse crate::${prev[0]}::${prev[2]};`);
          uses.add(`${file}|${prev[1]}|imports`);
        }
        lines.push(`pub struct ${name};`);
        return `${lines.join('\n')}\n`;
      };
      if (form === 0) {
        lib.push(`pub mod m${m};`);
        put(`${dir}/src/m${m}.rs`, body(`${dir}/src/m${m}.rs`, item));
        mine.push([`m${m}`, `${dir}/src/m${m}.rs`, item]);
      } else if (form === 1) {
        lib.push(`pub mod m${m};`);
        put(`${dir}/src/m${m}/mod.rs`, `pub mod leaf;\npub struct Top${c}x${m};\n`);
        const leaf = `${dir}/src/m${m}/leaf.rs`;
        put(leaf, `#[allow(unused_imports)]\nuse super::Top${c}x${m};\n${body(leaf, item)}`);
        uses.add(`${leaf}|${dir}/src/m${m}/mod.rs|imports`);
        mine.push([`m${m}::leaf`, leaf, item]);
      } else if (form === 2) {
        lib.push(`pub mod m${m};`);
        put(`${dir}/src/m${m}.rs`, 'pub mod sub;\n');
        put(`${dir}/src/m${m}/sub.rs`, body(`${dir}/src/m${m}/sub.rs`, item));
        mine.push([`m${m}::sub`, `${dir}/src/m${m}/sub.rs`, item]);
      } else if (form === 3) {
        lib.push(`#[path = "alt/p${m}.rs"]\npub mod m${m};`);
        put(`${dir}/src/alt/p${m}.rs`, body(`${dir}/src/alt/p${m}.rs`, item));
        mine.push([`m${m}`, `${dir}/src/alt/p${m}.rs`, item]);
      } else {
        lib.push(`pub mod m${m} {\n    pub mod inner;\n}`);
        put(`${dir}/src/m${m}/inner.rs`, body(`${dir}/src/m${m}/inner.rs`, item));
        mine.push([`m${m}::inner`, `${dir}/src/m${m}/inner.rs`, item]);
      }
    }
    for (const d of deps) {
      const [modPath, file, item] = leaves[d]![0]!;
      lib.push(`pub use c${d}::${modPath}::${item} as Dep${c}x${d};`);
      uses.add(`${dir}/src/lib.rs|${file}|re-exports`);
    }
    lib.push('#[cfg(test)]\nmod tests;');
    put(`${dir}/src/lib.rs`, `${lib.join('\n')}\n`);
    put(`${dir}/src/tests.rs`, `#[allow(unused_imports)]\nuse super::*;\n`);
    uses.add(`${dir}/src/tests.rs|${dir}/src/lib.rs|imports`);
    const [firstPath, firstFile, firstItem] = mine[0]!;
    put(
      `${dir}/src/main.rs`,
      `use c${c}::${firstPath}::${firstItem};\n\nfn main() {\n    let _ = ${firstItem};\n}\n`,
    );
    uses.add(`${dir}/src/main.rs|${firstFile}|imports`);
    put(
      `${dir}/tests/it.rs`,
      `use c${c}::${firstPath}::${firstItem};\n\n#[test]\nfn builds() {\n    let _ = ${firstItem};\n}\n`,
    );
    uses.add(`${dir}/tests/it.rs|${firstFile}|imports`);
    leaves.push(mine);
  }
  return { uses, files };
}
