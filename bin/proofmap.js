#!/usr/bin/env node
// The only place that ends the process: library and CLI code set exit codes and return.
import { processIo } from '../dist/cli/io.js';
import { run } from '../dist/cli/main.js';

process.exitCode = await run(process.argv.slice(2), processIo());
