/**
 * map_gate: the edit gate as an MCP tool, for Claude Code's `type: "mcp_tool"` hooks. The hook
 * calls it on the server that is already running, so no process starts per edit. It answers
 * exactly what `proofmap gate --claude` prints — same verdicts, markers and policy, because both
 * go through answerHook — and nothing else: Claude Code reads the tool's text as it reads a
 * command hook's stdout, so the text is the hook's JSON answer, or empty when the edit passes
 * silently. A gate that could not decide is a tool error (isError), which Claude Code treats
 * like a command hook's exit 1: a visible, non-blocking error.
 *
 * The hook passes the fields it needs through Claude Code's substitutions of the event's JSON
 * into string values (GATE_MCP_INPUT in gate/hooks-settings.ts); a field the event does not
 * have arrives empty, or as the placeholder itself, and is read as absent.
 */
import type { CallToolResult, McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { answerHook } from '../gate-hook.js';
import { failure, type Log } from './result.js';
import type { Workspace } from './workspace.js';

export const GATE_TOOL = 'map_gate';

const field = (what: string) => z.string().max(4096).optional().describe(what);

export const gateInput = {
  hook_event_name: field('PreToolUse or PostToolUse'),
  tool_name: field('the tool about to run: Edit, Write, MultiEdit, NotebookEdit'),
  file_path: field("absolute path of the file (the event's tool_input.file_path)"),
  notebook_path: field('NotebookEdit: absolute path of the notebook (tool_input.notebook_path)'),
  session_id: field('the Claude Code session: a consult follows the session that edits under it'),
  tool_use_id: field('the tool call, the same in its PreToolUse and PostToolUse events'),
  cwd: field("the agent's working directory"),
};

/** The hook's own answer object: what `proofmap gate --claude` prints, parsed. */
const gateOutput = z.object({
  verdict: z.enum(['pass', 'warn', 'deny']).describe('deny refuses the edit; warn passes it with a note'),
  hookSpecificOutput: z
    .looseObject({
      hookEventName: z.enum(['PreToolUse', 'PostToolUse']),
      permissionDecision: z.enum(['deny']).optional(),
      permissionDecisionReason: z.string().optional(),
      additionalContext: z.string().optional(),
    })
    .optional()
    .describe("the hook protocol's answer, exactly the tool's text"),
});

export const GATE_DESCRIPTION =
  "Called by proofmap's edit-gate hook (a Claude Code `mcp_tool` hook on Edit/Write), not by you: it answers the hook protocol for one edit — the same verdict `proofmap gate --claude` gives. To get past the gate, consult the file with map_context or map_impact; never call this to ask.";

type Args = { [K in keyof typeof gateInput]?: string };

/** A substitution the event had no value for: empty, or left as the `${…}` placeholder. */
const given = (v: string | undefined) => (v && !/^\$\{[^}]*\}$/.test(v) ? v : undefined);

export function registerGateTool(server: McpServer, ws: Workspace, log: Log): void {
  server.registerTool(
    GATE_TOOL,
    {
      title: 'Edit gate (hook)',
      description: GATE_DESCRIPTION,
      inputSchema: z.object(gateInput),
      outputSchema: gateOutput,
      // It records consult claims and warnings in .proofmap/ (derived data), like the command hook.
      annotations: {
        title: 'Edit gate (hook)',
        readOnlyHint: false,
        destructiveHint: false,
        idempotentHint: false,
        openWorldHint: false,
      },
    },
    async (args: Args): Promise<CallToolResult> => {
      try {
        const file = given(args.file_path) ?? given(args.notebook_path);
        const event = {
          hook_event_name: given(args.hook_event_name) ?? '',
          tool_name: given(args.tool_name) ?? '',
          tool_input: file ? { file_path: file } : {},
          ...(given(args.session_id) ? { session_id: args.session_id } : {}),
          ...(given(args.tool_use_id) ? { tool_use_id: args.tool_use_id } : {}),
          ...(given(args.cwd) ? { cwd: args.cwd } : {}),
        };
        // The server's root stands where the command hook reads CLAUDE_PROJECT_DIR.
        const answer = await answerHook(JSON.stringify(event), {
          cwd: ws.root,
          projectDir: ws.root,
          bin: process.argv[1] ?? '',
        });
        if (answer.warning) return { isError: true, content: [{ type: 'text', text: answer.warning }] };
        const hook = answer.stdout ? (JSON.parse(answer.stdout) as Record<string, unknown>) : {};
        return {
          content: answer.stdout ? [{ type: 'text', text: answer.stdout }] : [],
          structuredContent: { verdict: answer.verdict, ...hook },
        };
      } catch (error) {
        return failure(error, log);
      }
    },
  );
}
