/**
 * `proofmap hooks install|uninstall [dir] [--claude] [--local] [--dry-run] [--command CMD]
 * [--hook-transport command|mcp]`: adds or removes proofmap's gate in `.claude/settings.json` (or
 * `.claude/settings.local.json` with --local), editing the file's text so every line it does not
 * touch stays byte for byte, and writing through a symlinked settings file rather than replacing
 * it. Install first runs the command it is about to write, exactly as Claude Code will, and
 * writes it only once it answered. With `--hook-transport mcp` the hook calls map_gate on the
 * proofmap MCP server instead (no process per edit); the server must be declared in .mcp.json.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, realpathSync } from 'node:fs';
import path from 'node:path';
import { CONFIG_MAX_BYTES, readRegularFile } from '../../discover/safe-read.js';
import { INSTALL_PROBE } from '../../gate/claude.js';
import { type CommandCandidate, hookCommandCandidates } from '../../gate/hook-command.js';
import { type GateHandler, installHooks, lineDiff, uninstallHooks } from '../../gate/hooks-settings.js';
import { writeAtomic } from '../../map/emit.js';
import { InputError } from '../../model/errors.js';
import { choiceOption, onlyDir, parse, repoDir } from '../args.js';
import { UsageError } from '../errors.js';
import type { CommandResult, Io } from '../io.js';
import { runningBin } from '../running-bin.js';
import { type CommandSpec, DIR_NOTE, helpText, usageLine } from '../spec.js';
import { hookScopeOf } from './hooks-scope.js';

export const SPEC: CommandSpec = {
  name: 'hooks',
  args: 'install|uninstall [dir]',
  summary: "Install or uninstall proofmap's edit gate in .claude/settings.json, verifying the command first.",
  notes: [DIR_NOTE, 'Every line of the settings file it does not touch stays byte for byte.'],
  options: {
    claude: { type: 'boolean', description: 'the Claude Code hooks (the only agent so far; the default)' },
    local: {
      type: 'boolean',
      description: 'write .claude/settings.local.json (this machine only) with an absolute command',
    },
    'dry-run': { type: 'boolean', description: 'print the change as a diff and write nothing' },
    'every-edit': {
      type: 'boolean',
      description: 'run the gate on every edit (default: only in the folders holding load-bearing files)',
    },
    'hook-transport': {
      type: 'string',
      value: 'command|mcp',
      default: 'command',
      description:
        'command: a gate process per edit; mcp: an mcp_tool hook calling map_gate on the running proofmap MCP server',
    },
    server: {
      type: 'string',
      value: 'NAME',
      default: 'proofmap',
      description: 'with --hook-transport mcp: the MCP server name in .mcp.json',
    },
    command: {
      type: 'string',
      value: 'CMD',
      default: 'the first that answers: local bin, npx, absolute',
      description: 'the gate command to write',
    },
    json: {
      type: 'boolean',
      description: 'print the outcome (file, action, changed, command, diff) as JSON',
    },
  },
  examples: [
    'proofmap hooks install',
    'proofmap hooks install --local --dry-run',
    'proofmap hooks install --hook-transport mcp',
    'proofmap hooks uninstall ../repo --json',
  ],
};

export async function hooksCommand(
  argv: string[],
  io: Io,
  /** Set by `init --agent`, which writes the .mcp.json entry itself (or shows it, with --dry-run). */
  opts: { serverDeclared?: boolean } = {},
): Promise<CommandResult> {
  const { values, positionals } = parse(argv, SPEC);
  if (values.help) {
    io.stdout.write(helpText(SPEC));
    return { exitCode: 0 };
  }
  const [verb, ...rest] = positionals;
  if (verb !== 'install' && verb !== 'uninstall')
    throw new UsageError(`unknown hooks action "${verb ?? ''}"`, { hint: usageLine(SPEC) });
  const root = repoDir(io, onlyDir(rest, SPEC), 'hooks');
  const transport = choiceOption(
    values['hook-transport'],
    'hook-transport',
    ['command', 'mcp'] as const,
    'command',
  );
  if (transport !== 'mcp' && values.server !== undefined)
    throw new UsageError('--server names the MCP server of --hook-transport mcp', { hint: usageLine(SPEC) });
  if (transport === 'mcp' && values.command !== undefined)
    throw new UsageError('--command is the gate command of --hook-transport command', {
      hint: usageLine(SPEC),
    });
  // With --json the text lines are held back and one object says the same at the end.
  const say = (text: string) => void (values.json ? undefined : io.stdout.write(text));
  const done = (outcome: { changed: boolean; written: boolean; diff?: string }) => {
    if (values.json)
      io.stdout.write(
        `${JSON.stringify({ action: verb, file, ...outcome, ...(verified && !('failures' in verified) ? { command: verified.command } : {}), ...(handler?.type === 'mcp_tool' ? { transport: 'mcp', server: handler.server } : {}) })}\n`,
      );
    return { exitCode: 0 };
  };
  const local = values.local === true;
  const file = path.join(root, '.claude', local ? 'settings.local.json' : 'settings.json');
  // A symlinked settings file (shared dotfiles) stays a symlink: the edit goes to its target.
  const target = existsSync(file) ? realpathSync(file) : file;
  // The settings file is committable: a FIFO or a device there is bad input, not a wait.
  const read = readRegularFile(target, CONFIG_MAX_BYTES);
  if (!read.ok && read.reason !== 'missing')
    throw new InputError(`${path.relative(root, file)} cannot be read (${read.reason}: ${read.detail})`, {
      hint: 'replace it with a regular JSON file',
    });
  const before = read.ok ? read.bytes.toString('utf8') : '';
  let verified: Verified | undefined;
  let handler: GateHandler | undefined;
  let result: { text: string; changed: boolean };
  try {
    if (verb === 'install' && transport === 'mcp') {
      const server = typeof values.server === 'string' ? values.server : 'proofmap';
      const declared = opts.serverDeclared === true || declaresServer(root, server);
      if (!declared) {
        io.stderr.write(
          `proofmap: .mcp.json in ${root} declares no MCP server "${server}", so an mcp_tool hook could not reach the gate; nothing was installed\n` +
            '  run `proofmap init --agent claude --hook-transport mcp` (it writes both), or pass --server NAME\n',
        );
        return { exitCode: 1 };
      }
      handler = { type: 'mcp_tool', server };
      const chosen = values['every-edit']
        ? { scope: {}, note: 'gate on every edit (--every-edit)' }
        : hookScopeOf(root);
      say(`proofmap: ${chosen.note}\n`);
      say(
        `proofmap: the hook calls map_gate on the "${server}" MCP server: no process per edit. Claude Code must have that server connected (approve it when asked); while it is not, the hook fails open with a visible error\n`,
      );
      result = installHooks(before, handler, chosen.scope);
    } else if (verb === 'install') {
      verified = verifyFirst(
        root,
        hookCommandCandidates({
          local,
          node: process.execPath,
          bin: runningBin(),
          ...(typeof values.command === 'string' ? { given: values.command } : {}),
        }),
        io,
      );
      if ('failures' in verified) {
        io.stderr.write(
          `proofmap: no gate command works from ${root}, so nothing was installed:\n${verified.failures.map((f) => `  ${f}`).join('\n')}\n` +
            '  install proofmap in the repository (npm install --save-dev proofmap), or pass --command\n',
        );
        return { exitCode: 1 };
      }
      const chosen = values['every-edit']
        ? { scope: {}, note: 'gate on every edit (--every-edit)' }
        : hookScopeOf(root);
      say(`proofmap: ${chosen.note}\n`);
      result = installHooks(before, verified.command, chosen.scope);
    } else result = uninstallHooks(before);
  } catch (error) {
    if (error instanceof SyntaxError || error instanceof TypeError)
      throw new InputError(`${file} cannot be edited (${error.message}); not changed`, {
        hint: 'fix or remove it, then run again',
      });
    throw error;
  }
  if (verified && !('failures' in verified)) say(report(verified, root, local));
  if (!result.changed) {
    say(
      `proofmap: ${file} already ${verb === 'install' ? 'has this gate' : 'has no proofmap hooks'}; nothing to do\n`,
    );
    return done({ changed: false, written: false });
  }
  if (values['dry-run']) {
    const diff = lineDiff(before, result.text);
    say(`--- ${file}\n+++ ${file} (after ${verb})\n${diff}\n`);
    return done({ changed: true, written: false, diff });
  }
  writeAtomic(target, result.text);
  say(
    `proofmap: ${verb === 'install' ? 'added the gate to' : 'removed the gate from'} ${file}${target !== file ? ` (→ ${target})` : ''}\n`,
  );
  return done({ changed: true, written: true });
}

/** Whether the project's .mcp.json declares the named server (what an mcp_tool hook calls). */
function declaresServer(root: string, name: string): boolean {
  const read = readRegularFile(path.join(root, '.mcp.json'), CONFIG_MAX_BYTES);
  if (!read.ok) return false;
  try {
    const doc = JSON.parse(read.bytes.toString('utf8')) as { mcpServers?: Record<string, unknown> };
    return (
      typeof doc?.mcpServers === 'object' && doc.mcpServers !== null && Object.hasOwn(doc.mcpServers, name)
    );
  } catch {
    return false;
  }
}

type Verified = (CommandCandidate & { ms: number; answered: string }) | { failures: string[] };

/** Runs each candidate once as Claude Code would, with the install probe on stdin. */
function verifyFirst(root: string, candidates: CommandCandidate[], io: Io): Verified {
  const failures: string[] = [];
  for (const c of candidates) {
    const started = process.hrtime.bigint();
    const run = spawnSync('sh', ['-c', c.command], {
      cwd: root,
      input: JSON.stringify({ hook_event_name: INSTALL_PROBE, cwd: root }),
      // Offline: npx --no-install still asks the registry for a package it cannot find locally
      // (a 404 when proofmap is not installed there), and a slow or absent network made the probe
      // wait up to its timeout. A local install is found without the registry either way.
      env: { ...process.env, ...io.env, CLAUDE_PROJECT_DIR: root, npm_config_offline: 'true' },
      encoding: 'utf8',
      timeout: 20_000,
    });
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    const answer = probeAnswer(run.stdout);
    if (run.status === 0 && answer) return { ...c, ms, answered: answer };
    // A command that exits before reading stdin makes the write fail with EPIPE: its exit status
    // is the news, not the pipe.
    const why =
      run.status !== null
        ? `exit ${run.status}${run.stderr?.trim() ? `: ${run.stderr.trim().split('\n')[0]}` : ''}`
        : (run.error?.message ?? `killed by ${run.signal}`);
    failures.push(`\`${c.command}\` did not answer as proofmap's gate (${why})`);
  }
  return { failures };
}

function probeAnswer(stdout: string | null): string | undefined {
  try {
    const a = JSON.parse((stdout ?? '').trim()) as { proofmap?: string; bin?: string; node?: string };
    return a.proofmap === 'gate' ? `${a.bin ?? '?'} on node ${a.node ?? '?'}` : undefined;
  } catch {
    return undefined;
  }
}

function report(
  v: CommandCandidate & { ms: number; answered: string },
  root: string,
  local: boolean,
): string {
  const lines = [
    `proofmap: verified \`${v.command}\`: run with sh -c from ${root}, proofmap's gate answered (${v.answered}) in ${Math.round(v.ms)} ms`,
  ];
  if (v.how === 'npx')
    lines.push(
      '  npx adds ~200 ms to every edit; `proofmap hooks install --local` writes the absolute command instead (this machine only)',
    );
  if (v.how === 'absolute' && !local)
    lines.push(
      '  this command names paths on this machine: others who clone the repository need it changed; install proofmap as a dev dependency, or use --local',
    );
  return `${lines.join('\n')}\n`;
}
