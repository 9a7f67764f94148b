/** The Rust extractor, form by form: what each declaration yields as facts. */
import { describe, expect, it } from 'vitest';
import { extractRustFiles } from '../../src/extract/rust.js';

const facts = async (text: string) => (await extractRustFiles([{ path: 'src/lib.rs', text }]))[0]!;
const uses = async (text: string) =>
  (await facts(text)).uses.map(
    (u) =>
      `${u.kind === 'extern-crate' ? 'extern ' : ''}${u.pub ? 'pub ' : ''}${u.segments.join('::')}${u.glob ? '::*' : ''}${u.scope.length > 0 ? ` in ${u.scope.join('::')}` : ''}${u.test ? ' [test]' : ''} @${u.line}`,
  );

describe('Rust use trees', () => {
  it.each([
    ['use a::b;', ['a::b @1']],
    ['use crate::a::{b, c::d};', ['crate::a::b @1', 'crate::a::c::d @1']],
    ['use a::{self, b as c};', ['a @1', 'a::b @1']],
    ['use super::*;', ['super::* @1']],
    ['use self::x::{y::{z, w::*}};', ['self::x::y::z @1', 'self::x::y::w::* @1']],
    ['use ::std::fmt;', ['::::std::fmt @1']],
    ['pub use inner::Thing;', ['pub inner::Thing @1']],
    ['pub(crate) use inner::Thing;', ['inner::Thing @1']],
    ['extern crate serde;', ['extern serde @1']],
    ['fn f() {\n    use std::io;\n}', ['std::io @2']],
    ['mod a {\n    use super::b;\n}', ['super::b in a @2']],
    ['#[cfg(test)]\nmod tests {\n    use super::*;\n}', ['super::* in tests [test] @3']],
  ])('%s', async (text, want) => {
    expect(await uses(text)).toEqual(want);
  });
});

describe('Rust mod declarations, exports, coverage', () => {
  it('records file and inline modules with their scope, #[path] and conditions', async () => {
    const f = await facts(
      'mod a;\n#[path = "x/y.rs"]\npub mod b;\nmod c {\n    #[cfg(unix)]\n    mod d;\n}\n#[cfg(test)]\nmod tests;\n',
    );
    expect(
      f.mods.map(
        (m) =>
          `${m.name}${m.inline ? ' {}' : ''} in [${m.scope}]${m.path ? ` path=${m.path}` : ''}${m.test ? ' test' : ''}${m.cfg.length ? ` ${m.cfg}` : ''} @${m.line} "${m.written}"`,
      ),
    ).toEqual([
      'a in [] @1 "mod a;"',
      'b in [] path=x/y.rs @3 "pub mod b;"',
      'c {} in [] @4 "mod c"',
      'd in [c] cfg(unix) @6 "mod d;"',
      'tests in [] test @9 "mod tests;"',
    ]);
  });

  it('exports plain pub items, pub use names and #[macro_export] macros only', async () => {
    const f = await facts(
      'pub fn f() {}\npub(crate) fn g() {}\nfn h() {}\npub struct S;\npub enum E {}\npub trait T {}\npub const C: u8 = 1;\npub static ST: u8 = 1;\npub type A = u8;\npub mod m {}\npub use x::Y as Z;\npub use w::*;\n#[macro_export]\nmacro_rules! mac { () => {} }\nmacro_rules! quiet { () => {} }\n',
    );
    expect(f.exports.map((e) => `${e.name}@${e.line}`)).toEqual([
      'f@1',
      'S@4',
      'E@5',
      'T@6',
      'C@7',
      'ST@8',
      'A@9',
      'm@10',
      'Z@11',
      'mac@14',
    ]);
    expect(f.items).toContain('h');
    expect(f.items).toContain('quiet');
  });

  it('turns item-level macros, computed include! and syntax errors into coverage; literal include! into facts', async () => {
    const f = await facts(
      'make_mods! {}\ninclude!("gen.rs");\ninclude!(concat!(env!("OUT_DIR"), "/b.rs"));\nfn f() { println!("x"); }\nfn broken( {\n',
    );
    expect(f.includes.map((i) => `${i.path} @${i.line}`)).toEqual(['gen.rs @2']);
    expect(f.coverage.map((c) => `${c.scope} ${c.reason.split(' ').slice(0, 3).join(' ')}`)).toEqual([
      'src/lib.rs:1 item-level macro make_mods!',
      'src/lib.rs:3 include! of a',
      'src/lib.rs:5 syntax error near',
    ]);
  });
});
