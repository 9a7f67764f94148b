#!/usr/bin/env node
// The only place that ends the process: library and CLI code set exit codes and return.
import module from 'node:module';

// Node ≥ 22.1 caches compiled code on disk: the hook starts a new process per agent event, and
// compiling its bundle is a measurable part of each one. Older Node has no such function.
module.enableCompileCache?.();

const argv = process.argv.slice(2);

// The edit gate runs once per agent event in a fresh process: it takes the one-file bundle
// (dist/gate-hook/gate.cjs, what bin/proofmap-gate.cjs runs) instead of the CLI's modules.
if (argv[0] === 'gate' && !argv.includes('--help') && !argv.includes('-h')) {
  const { runGate } = module.createRequire(import.meta.url)('../dist/gate-hook/gate.cjs');
  process.exitCode = await runGate(argv.slice(1));
} else {
  // The bundled CLI (scripts/build-cli.mjs): a few files to load instead of ~300 modules. The
  // same code compiled module by module (dist/cli/) stands in where no bundle was built.
  const [{ processIo }, { run }] = await Promise.all([
    import('../dist/cli-bundle/io.js'),
    import('../dist/cli-bundle/main.js'),
  ]).catch(() => Promise.all([import('../dist/cli/io.js'), import('../dist/cli/main.js')]));
  process.exitCode = await run(argv, processIo());
}
