/**
 * Merging proofmap's hook entries into Claude Code's `.claude/settings.json`, pure. Install adds
 * exactly one PreToolUse and one PostToolUse entry (matcher Write|Edit|MultiEdit) and leaves every
 * other setting and hook as it was; uninstall removes exactly those entries, recognised by their
 * command, and nothing else. Both are idempotent.
 */
export const HOOK_MATCHER = 'Write|Edit|MultiEdit';
const MARK = 'proofmap gate';

type Settings = Record<string, unknown> & { hooks?: Record<string, unknown> };
interface MatcherEntry {
  matcher?: string;
  hooks?: { type?: string; command?: string; timeout?: number }[];
}

const ours = (entry: MatcherEntry) =>
  Array.isArray(entry.hooks) &&
  entry.hooks.some((h) => typeof h.command === 'string' && h.command.includes(MARK));

export function installHooks(settings: Settings, command: string): { settings: Settings; changed: boolean } {
  const next: Settings = structuredClone(settings);
  next.hooks ??= {};
  const hooks = next.hooks as Record<string, MatcherEntry[]>;
  let changed = false;
  for (const event of ['PreToolUse', 'PostToolUse'] as const) {
    const list = Array.isArray(hooks[event]) ? hooks[event] : [];
    if (!list.some(ours)) {
      list.push({ matcher: HOOK_MATCHER, hooks: [{ type: 'command', command, timeout: 10 }] });
      changed = true;
    }
    hooks[event] = list;
  }
  return { settings: next, changed };
}

export function uninstallHooks(settings: Settings): { settings: Settings; changed: boolean } {
  const next: Settings = structuredClone(settings);
  const hooks = next.hooks as Record<string, MatcherEntry[]> | undefined;
  if (!hooks) return { settings: next, changed: false };
  let changed = false;
  for (const event of Object.keys(hooks)) {
    const list = hooks[event];
    if (!Array.isArray(list)) continue;
    const kept = list.filter((e) => !ours(e));
    if (kept.length !== list.length) changed = true;
    if (kept.length === 0) delete hooks[event];
    else hooks[event] = kept;
  }
  if (Object.keys(hooks).length === 0) delete next.hooks;
  return { settings: next, changed };
}

/** A minimal line diff (LCS) for --dry-run; settings files are small. */
export function lineDiff(before: string, after: string): string {
  const a = before.split('\n');
  const b = after.split('\n');
  const lcs: number[][] = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0));
  for (let i = a.length - 1; i >= 0; i--)
    for (let j = b.length - 1; j >= 0; j--)
      lcs[i]![j] = a[i] === b[j] ? lcs[i + 1]![j + 1]! + 1 : Math.max(lcs[i + 1]![j]!, lcs[i]![j + 1]!);
  const out: string[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && a[i] === b[j]) {
      out.push(`  ${a[i++]}`);
      j++;
    } else if (j < b.length && (i >= a.length || lcs[i]![j + 1]! >= lcs[i + 1]![j]!)) out.push(`+ ${b[j++]}`);
    else out.push(`- ${a[i++]}`);
  }
  return out.join('\n');
}
