/**
 * `proofmap gate`: the edit gate for coding agents.
 *   --claude            Claude Code hook protocol on stdin/stdout (PreToolUse / PostToolUse)
 *   --file P [--action edit|read] [--json]   generic mode for git hooks and other agents: exit 0
 *                       pass (a note on stderr), 1 denied
 * Malformed input or an internal error never blocks by accident: pass with a visible warning,
 * unless the project configured `gate.failClosed`.
 */
import { readFileSync } from 'node:fs';
import { answerHook } from '../../gate-hook.js';
import { evaluateGate, type GateContext, openGateLive } from '../../gate-run.js';
import { choiceOption, parse } from '../args.js';
import type { CommandResult, Io } from '../io.js';
import { type CommandSpec, helpText, usageLine } from '../spec.js';

export const SPEC: CommandSpec = {
  name: 'gate',
  args: '',
  summary:
    'The edit gate for coding agents: allow, warn or deny an edit by whether its impact was consulted.',
  notes: [
    'It runs in the repository: the hook payload names its cwd (--claude), or the working directory (--file).',
    'With --file: exit 1 when the edit is denied. With --claude it speaks the hook protocol on stdin/stdout.',
  ],
  options: {
    claude: {
      type: 'boolean',
      description:
        "read a Claude Code PreToolUse/PostToolUse event on stdin and answer in the hook's protocol",
    },
    file: {
      type: 'string',
      value: 'PATH',
      description: 'decide for this file (any other agent or a script)',
    },
    action: {
      type: 'string',
      value: 'edit|read',
      default: 'edit',
      description: 'what is about to happen to --file',
    },
    json: { type: 'boolean', description: 'print the --file decision as JSON' },
  },
  examples: [
    'proofmap gate --file src/core.ts',
    'proofmap gate --file src/core.ts --json',
    'proofmap gate --claude < event.json',
  ],
};
const USAGE = usageLine(SPEC);

export async function gateCommand(
  argv: string[],
  io: Io,
  stdin: () => string = () => readFileSync(0, 'utf8'),
): Promise<CommandResult> {
  const { values } = parse(argv, SPEC);
  if (values.help) {
    io.stdout.write(helpText(SPEC));
    return { exitCode: 0 };
  }
  if (values.claude) return claude(io, stdin);
  if (typeof values.file !== 'string') {
    io.stderr.write(`proofmap: gate needs --claude or --file — ${USAGE}\n`);
    return { exitCode: 2 };
  }
  const action = choiceOption(values.action, 'action', ['edit', 'read'] as const, 'edit');
  let gate: GateContext | undefined;
  try {
    gate = await openGateLive(io.cwd, values.file);
    const { decision } = evaluateGate(gate, action);
    if (values.json) io.stdout.write(`${JSON.stringify({ file: gate.rel ?? values.file, ...decision })}\n`);
    else if (decision.message)
      io.stderr.write(`${decision.message}\n${decision.context ? `${decision.context}\n` : ''}`);
    return { exitCode: decision.verdict === 'deny' ? 1 : 0 };
  } finally {
    gate?.close();
  }
}

async function claude(io: Io, stdin: () => string): Promise<CommandResult> {
  let input = '';
  try {
    input = stdin();
  } catch {
    // Unreadable input is malformed input: answerHook fails it open, or closed with failClosed.
  }
  // Claude Code runs hooks from the project folder and names it in CLAUDE_PROJECT_DIR; the input's
  // cwd can follow the agent's `cd`, so it only stands in when the variable is absent.
  const answer = await answerHook(input, {
    cwd: io.cwd,
    ...(io.env.CLAUDE_PROJECT_DIR ? { projectDir: io.env.CLAUDE_PROJECT_DIR } : {}),
    bin: process.argv[1] ?? '',
  });
  if (answer.stdout) io.stdout.write(`${answer.stdout}\n`);
  if (answer.warning) {
    // Exit 1 is Claude Code's non-blocking error: the user sees stderr, the edit goes on.
    io.stderr.write(`${answer.warning}\n`);
    return { exitCode: 1 };
  }
  return { exitCode: 0 };
}
