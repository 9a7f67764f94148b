/**
 * One Claude Code hook event answered, as text in and text out: the body of `proofmap gate
 * --claude` and of the MCP tool `map_gate` (which an `mcp_tool` hook calls on the running server,
 * so no process starts per edit). Malformed input or an internal error never blocks by accident:
 * it passes with a visible warning, unless the project configured `gate.failClosed`.
 */
import { INSTALL_PROBE, parseHookInput, postToolUseOutput, preToolUseOutput } from './gate/claude.js';
import {
  claimConsult,
  evaluateGate,
  type GateContext,
  openGateLive,
  projectSettings,
  recordWarning,
  renameCheck,
  renewConsult,
} from './gate-run.js';

export interface HookAnswer {
  /** The hook's JSON answer (one line), when it has one. */
  stdout?: string;
  /** What the answer does to the edit: `warn` passes it with a note, `deny` refuses it. */
  verdict: 'pass' | 'warn' | 'deny';
  /** Why the gate could not decide, when it passed the edit anyway (exit 1: a visible, non-blocking error). */
  warning?: string;
}

export async function answerHook(
  input: string,
  where: { cwd: string; projectDir?: string; bin?: string },
): Promise<HookAnswer> {
  let failClosed = false;
  let gate: GateContext | undefined;
  // Read before the input is parsed: malformed input must not be a way around gate.failClosed.
  try {
    failClosed = (await projectSettings(where.projectDir ?? where.cwd)).failClosed;
  } catch {
    // An unreadable configuration is reported by the decision below, when there is one.
  }
  try {
    const event = parseHookInput(input);
    if (event?.event === INSTALL_PROBE)
      return {
        verdict: 'pass',
        stdout: JSON.stringify({ proofmap: 'gate', bin: where.bin ?? '', node: process.version }),
      };
    if (!event?.file) return { verdict: 'pass' };
    const cwd = event.cwd ?? where.cwd;
    gate = await openGateLive(cwd, event.file, where.projectDir ?? cwd);
    failClosed = failClosed || gate.settings.failClosed;
    const editor = {
      ...(event.session ? { session: event.session } : {}),
      ...(event.toolUseId ? { toolUseId: event.toolUseId } : {}),
      ...(event.replaced !== undefined ? { replaced: event.replaced } : {}),
    };
    if (event.event === 'PreToolUse') {
      const { decision, marker } = evaluateGate(gate, event.action, editor);
      if (event.action === 'edit') {
        claimConsult(gate, marker, editor);
        recordWarning(gate, decision, editor);
      }
      const out = preToolUseOutput(decision);
      return { verdict: decision.verdict, ...(out ? { stdout: out } : {}) };
    }
    if (event.action !== 'edit') return { verdict: 'pass' };
    renewConsult(gate, editor);
    const out = postToolUseOutput(await renameCheck(gate));
    return { verdict: 'pass', ...(out ? { stdout: out } : {}) };
  } catch (error) {
    const why = `proofmap gate could not decide (${(error as Error).message.split('\n')[0]})`;
    if (failClosed)
      return {
        verdict: 'deny',
        stdout: preToolUseOutput({
          verdict: 'deny',
          message: `${why}; gate.failClosed is set, so the edit is blocked.`,
        })!,
      };
    return { verdict: 'pass', warning: `${why}; the edit is not gated.` };
  } finally {
    gate?.close();
  }
}
