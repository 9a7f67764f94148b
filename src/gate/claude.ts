/**
 * The Claude Code hook protocol (PreToolUse / PostToolUse), checked against the hooks reference:
 * stdin carries `hook_event_name`, `tool_name`, `tool_input.file_path` (absolute), `cwd`; a
 * PreToolUse answer is `hookSpecificOutput.permissionDecision` with a reason (the reason reaches
 * the model only on deny), and `additionalContext` for anything the model should read.
 *
 * We never answer "allow": that would skip the user's own permission prompt. Passing means
 * printing nothing, or only additionalContext.
 *
 * The edit tools are exactly the ones the installed matcher names (gate/hooks-settings.ts).
 */
import type { Decision } from './decide.js';

export const EDIT_TOOLS: readonly string[] = ['Write', 'Edit', 'MultiEdit', 'NotebookEdit'];
const EDITS = new Set(EDIT_TOOLS);
const READ_TOOLS = new Set(['Read', 'Grep', 'Glob', 'LS', 'NotebookRead']);

export interface HookEvent {
  event: 'PreToolUse' | 'PostToolUse' | typeof INSTALL_PROBE;
  action: 'read' | 'edit';
  /** Absolute path of the file the tool touches, when it names one. */
  file?: string;
  cwd?: string;
  tool: string;
  /** Claude Code's session_id: a consult follows the session that edits under it. */
  session?: string;
  /** tool_use_id, the same in a tool call's PreToolUse and PostToolUse. */
  toolUseId?: string;
  /** What the edit replaces: Edit's old_string, MultiEdit's old_strings (absent for Write: all of it). */
  replaced?: string;
}

/**
 * Not a Claude Code event: `hooks install` sends it to the command it is about to install, to
 * check that the command reaches proofmap's gate from the repository.
 */
export const INSTALL_PROBE = 'proofmap-install-probe';

/** Parses the hook's stdin; throws on malformed input (the caller decides how to fail). */
export function parseHookInput(text: string): HookEvent | undefined {
  const input = JSON.parse(text) as Record<string, unknown>;
  if (typeof input !== 'object' || input === null) throw new Error('hook input is not a JSON object');
  const event = input.hook_event_name;
  if (event === INSTALL_PROBE) return { event, action: 'read', tool: '' };
  if (event !== 'PreToolUse' && event !== 'PostToolUse') return undefined;
  const tool = typeof input.tool_name === 'string' ? input.tool_name : '';
  const toolInput = (input.tool_input ?? {}) as Record<string, unknown>;
  const file =
    typeof toolInput.file_path === 'string'
      ? toolInput.file_path
      : typeof toolInput.notebook_path === 'string'
        ? toolInput.notebook_path
        : undefined;
  const action = EDITS.has(tool) ? 'edit' : READ_TOOLS.has(tool) ? 'read' : undefined;
  if (!action) return undefined;
  const replaced = replacedText(toolInput);
  return {
    event,
    action,
    tool,
    ...(file ? { file } : {}),
    ...(typeof input.cwd === 'string' ? { cwd: input.cwd } : {}),
    ...(typeof input.session_id === 'string' && input.session_id ? { session: input.session_id } : {}),
    ...(typeof input.tool_use_id === 'string' && input.tool_use_id ? { toolUseId: input.tool_use_id } : {}),
    ...(replaced !== undefined ? { replaced } : {}),
  };
}

function replacedText(toolInput: Record<string, unknown>): string | undefined {
  if (typeof toolInput.old_string === 'string') return toolInput.old_string;
  if (!Array.isArray(toolInput.edits)) return undefined;
  const olds = toolInput.edits.map((e) => (e as Record<string, unknown> | null)?.old_string);
  return olds.every((o) => typeof o === 'string') ? olds.join('\n') : undefined;
}

/** Hook output strings are capped at 10,000 characters by the client. */
const cap = (s: string) => (s.length > 9_000 ? `${s.slice(0, 8_999)}…` : s);

/** The reason reaches the model only on deny; the impact summary goes in additionalContext. */
export function preToolUseOutput(decision: Decision): string | undefined {
  if (decision.verdict === 'deny')
    return JSON.stringify({
      hookSpecificOutput: {
        hookEventName: 'PreToolUse',
        permissionDecision: 'deny',
        permissionDecisionReason: cap(decision.message ?? 'blocked by proofmap'),
        ...(decision.context ? { additionalContext: cap(decision.context) } : {}),
      },
    });
  const text = [decision.message, decision.context].filter(Boolean).join('\n');
  if (!text) return undefined;
  return JSON.stringify({
    hookSpecificOutput: { hookEventName: 'PreToolUse', additionalContext: cap(text) },
  });
}

export function postToolUseOutput(message: string | undefined): string | undefined {
  if (!message) return undefined;
  return JSON.stringify({
    hookSpecificOutput: { hookEventName: 'PostToolUse', additionalContext: cap(message) },
  });
}
