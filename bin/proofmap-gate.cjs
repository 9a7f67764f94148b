#!/usr/bin/env node
// The edit gate's own entry (`proofmap-gate --claude`), what `hooks install` writes: Claude Code
// starts it once per edit event, so it is CommonJS (no ES module loader to start) and loads one
// bundled file, from a V8 code cache: Node ≥ 22.1 keeps one itself (module.enableCompileCache),
// older Node through dist/gate-hook/loader.cjs. The only place besides bin/proofmap.js that ends
// the process.
'use strict';
const Module = require('node:module');
const bundle = require('node:path').join(__dirname, '..', 'dist', 'gate-hook', 'gate.cjs');

function load() {
  if (Module.enableCompileCache) {
    Module.enableCompileCache();
    return { exports: require(bundle), save() {} };
  }
  const loader = require('../dist/gate-hook/loader.cjs');
  return loader.loadBundle(bundle, loader.stateDir());
}

const gate = load();
gate.exports.runGate(process.argv.slice(2)).then((code) => {
  process.exitCode = code;
  gate.save();
});
