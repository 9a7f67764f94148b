/**
 * `proofmap init --agent claude|codex|cursor [dir] [--dry-run]`: one command that wires proofmap
 * into a coding agent — the MCP server entry in the agent's project file, the edit gate's hook
 * (Claude Code, through `proofmap hooks install`, which proves the command answers first), and a
 * short section in CLAUDE.md or AGENTS.md saying when to call which tool. Every file is merged,
 * never overwritten; --dry-run prints the diff of each and writes nothing.
 */
import { existsSync, mkdirSync, realpathSync } from 'node:fs';
import path from 'node:path';
import { CONFIG_MAX_BYTES, readRegularFile } from '../../discover/safe-read.js';
import {
  AGENT_FILES,
  AGENTS,
  type Agent,
  mergeCodexToml,
  mergeMcpJson,
  mergeNotes,
  type ServerCommand,
} from '../../gate/agent-config.js';
import { lineDiff } from '../../gate/hooks-settings.js';
import { writeAtomic } from '../../map/emit.js';
import { InputError } from '../../model/errors.js';
import { UsageError } from '../errors.js';
import type { CommandResult, Io } from '../io.js';
import { runningBin } from '../running-bin.js';
import { hooksCommand } from './hooks.js';

export const INIT_AGENT_USAGE = `usage: proofmap init --agent ${AGENTS.join('|')} [dir] [--dry-run]`;

export async function initAgentCommand(
  agent: string,
  dir: string,
  dryRun: boolean,
  io: Io,
): Promise<CommandResult> {
  if (!(AGENTS as readonly string[]).includes(agent))
    throw new UsageError(`unknown agent "${agent}"`, { hint: INIT_AGENT_USAGE });
  const root = path.resolve(io.cwd, dir);
  if (!existsSync(root)) throw new InputError(`${root} does not exist`, { hint: 'pass the repository root' });
  const files = AGENT_FILES[agent as Agent];
  const server = serverCommand(root);
  const edits: [string, (text: string) => string][] = [
    [files.mcp, (t) => (agent === 'codex' ? mergeCodexToml(t, server) : mergeMcpJson(t, server))],
    [files.notes, mergeNotes],
  ];
  for (const [rel, edit] of edits) editFile(root, rel, edit, dryRun, io);
  if (agent === 'claude') {
    // The gate speaks Claude Code's hook protocol; `hooks install` merges and verifies it.
    const hooked = await hooksCommand(['install', root, ...(dryRun ? ['--dry-run'] : [])], io);
    if (hooked.exitCode !== 0) return hooked;
  } else {
    io.stdout.write(
      `proofmap: no edit-gate hook for ${agent} (the gate speaks Claude Code's hook protocol); the MCP tools and ${files.notes} are set\n`,
    );
  }
  return { exitCode: 0 };
}

/** `npx --no-install proofmap serve` when the repository installs proofmap, else this proofmap. */
function serverCommand(root: string): ServerCommand {
  if (existsSync(path.join(root, 'node_modules/.bin/proofmap')))
    return { command: 'npx', args: ['--no-install', 'proofmap', 'serve'] };
  return { command: process.execPath, args: [runningBin(), 'serve', root] };
}

function editFile(root: string, rel: string, edit: (text: string) => string, dryRun: boolean, io: Io): void {
  const file = path.join(root, rel);
  // A symlinked file (shared dotfiles) stays a symlink: the edit goes to its target.
  const target = existsSync(file) ? realpathSync(file) : file;
  const read = readRegularFile(target, CONFIG_MAX_BYTES);
  if (!read.ok && read.reason !== 'missing')
    throw new InputError(`${rel} cannot be read (${read.reason}: ${read.detail})`, {
      hint: 'replace it with a regular text file',
    });
  const before = read.ok ? read.bytes.toString('utf8') : '';
  let after: string;
  try {
    after = edit(before);
  } catch (error) {
    throw new InputError(`${rel} cannot be merged (${(error as Error).message}); nothing was changed`, {
      hint: 'fix or remove it, then run again',
    });
  }
  if (after === before) {
    io.stdout.write(`proofmap: ${rel} already set; nothing to do\n`);
    return;
  }
  if (dryRun) {
    io.stdout.write(`--- ${rel}\n+++ ${rel} (after init)\n${lineDiff(before, after)}\n`);
    return;
  }
  mkdirSync(path.dirname(target), { recursive: true });
  writeAtomic(target, after);
  io.stdout.write(`proofmap: ${before === '' ? 'wrote' : 'updated'} ${rel}\n`);
}
