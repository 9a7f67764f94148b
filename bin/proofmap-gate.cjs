#!/usr/bin/env node
// The edit gate's own entry (`proofmap-gate --claude`), what `hooks install` writes: Claude Code
// starts it once per edit event, so it is CommonJS (no ES module loader to start) and loads one
// bundled file. The only place besides bin/proofmap.js that ends the process.
'use strict';
// Node ≥ 22.1 caches compiled code on disk; older Node has no such function.
require('node:module').enableCompileCache?.();
const { runGate } = require('../dist/gate-hook/gate.cjs');

runGate(process.argv.slice(2)).then((code) => {
  process.exitCode = code;
});
