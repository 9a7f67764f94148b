/**
 * The Claude Code hook protocol (PreToolUse / PostToolUse), checked against the hooks reference:
 * stdin carries `hook_event_name`, `tool_name`, `tool_input.file_path` (absolute), `cwd`; a
 * PreToolUse answer is `hookSpecificOutput.permissionDecision` with a reason (the reason reaches
 * the model only on deny), and `additionalContext` for anything the model should read.
 *
 * We never answer "allow": that would skip the user's own permission prompt. Passing means
 * printing nothing, or only additionalContext.
 */
import type { Decision } from './decide.js';

const EDIT_TOOLS = new Set(['Write', 'Edit', 'MultiEdit', 'NotebookEdit']);
const READ_TOOLS = new Set(['Read', 'Grep', 'Glob', 'LS', 'NotebookRead']);

export interface HookEvent {
  event: 'PreToolUse' | 'PostToolUse';
  action: 'read' | 'edit';
  /** Absolute path of the file the tool touches, when it names one. */
  file?: string;
  cwd?: string;
  tool: string;
}

/** Parses the hook's stdin; throws on malformed input (the caller decides how to fail). */
export function parseHookInput(text: string): HookEvent | undefined {
  const input = JSON.parse(text) as Record<string, unknown>;
  if (typeof input !== 'object' || input === null) throw new Error('hook input is not a JSON object');
  const event = input.hook_event_name;
  if (event !== 'PreToolUse' && event !== 'PostToolUse') return undefined;
  const tool = typeof input.tool_name === 'string' ? input.tool_name : '';
  const toolInput = (input.tool_input ?? {}) as Record<string, unknown>;
  const file =
    typeof toolInput.file_path === 'string'
      ? toolInput.file_path
      : typeof toolInput.notebook_path === 'string'
        ? toolInput.notebook_path
        : undefined;
  const action = EDIT_TOOLS.has(tool) ? 'edit' : READ_TOOLS.has(tool) ? 'read' : undefined;
  if (!action) return undefined;
  return {
    event,
    action,
    tool,
    ...(file ? { file } : {}),
    ...(typeof input.cwd === 'string' ? { cwd: input.cwd } : {}),
  };
}

/** Hook output strings are capped at 10,000 characters by the client. */
const cap = (s: string) => (s.length > 9_000 ? `${s.slice(0, 8_999)}…` : s);

export function preToolUseOutput(decision: Decision): string | undefined {
  if (decision.verdict === 'deny')
    return JSON.stringify({
      hookSpecificOutput: {
        hookEventName: 'PreToolUse',
        permissionDecision: 'deny',
        permissionDecisionReason: cap(decision.message ?? 'blocked by proofmap'),
      },
    });
  if (!decision.message) return undefined;
  return JSON.stringify({
    hookSpecificOutput: { hookEventName: 'PreToolUse', additionalContext: cap(decision.message) },
  });
}

export function postToolUseOutput(message: string | undefined): string | undefined {
  if (!message) return undefined;
  return JSON.stringify({
    hookSpecificOutput: { hookEventName: 'PostToolUse', additionalContext: cap(message) },
  });
}
