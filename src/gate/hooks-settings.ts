/**
 * Merging proofmap's hook entries into a Claude Code settings file, pure, on the file's text:
 * install adds (or updates) exactly one PreToolUse and one PostToolUse entry and leaves every
 * other byte as it was; uninstall removes exactly proofmap's hooks, recognised by their command,
 * and nothing else. Both are idempotent. The matcher names every tool the gate handles.
 */
import { EDIT_TOOLS } from './claude.js';
import {
  addMember,
  appendItem,
  type JsonNode,
  jsonValue,
  member,
  parseJsonText,
  removeChild,
  replaceNode,
} from './json-text.js';

export const HOOK_MATCHER = EDIT_TOOLS.join('|');
const EVENTS = ['PreToolUse', 'PostToolUse'] as const;
/** Our command, whatever launches it: `proofmap gate`, `…/bin/proofmap.js' gate`, npx … */
const OURS = /proofmap(?:\.js)?['"]?\s+gate\b/;

interface HookSpec {
  type?: unknown;
  command?: unknown;
  timeout?: unknown;
}

const isOurs = (h: unknown) =>
  typeof (h as HookSpec | null)?.command === 'string' && OURS.test((h as HookSpec).command as string);

/**
 * The `if` rules per event (hook-scope.ts); an event left out, or given no rules, is gated on
 * every edit.
 */
export interface HookScope {
  PreToolUse?: readonly string[];
  PostToolUse?: readonly string[];
}

type Event = (typeof EVENTS)[number];

/** One handler per rule: the field holds exactly one permission rule, there is no `||`. */
export const gateEntry = (command: string, rules?: readonly string[]) => ({
  matcher: HOOK_MATCHER,
  hooks:
    rules && rules.length > 0
      ? rules.map((rule) => ({ type: 'command', if: rule, command, timeout: 10 }))
      : [{ type: 'command', command, timeout: 10 }],
});

export interface Edited {
  text: string;
  changed: boolean;
}

/** Throws SyntaxError on invalid JSON, TypeError when the document is not an object. */
export function installHooks(text: string, command: string, scope: HookScope = {}): Edited {
  let out = text.trim() === '' ? '{}\n' : text;
  for (const event of EVENTS) out = installOne(out, event, command, scope[event]);
  return { text: out, changed: out !== text };
}

type ObjectNode = Extract<JsonNode, { type: 'object' }>;

function rootOf(text: string): ObjectNode {
  const root = parseJsonText(text);
  if (root.type !== 'object') throw new TypeError('the settings file is not a JSON object');
  return root;
}

function installOne(text: string, event: Event, command: string, rules?: readonly string[]): string {
  const wanted = gateEntry(command, rules);
  const root = rootOf(text);
  const hooks = member(root, 'hooks');
  if (!hooks) return addMember(text, root, 'hooks', { [event]: [wanted] });
  if (hooks.value.type !== 'object') throw new TypeError('"hooks" in the settings file is not an object');
  const list = member(hooks.value, event);
  if (!list) return addMember(text, hooks.value, event, [wanted]);
  if (list.value.type !== 'array')
    throw new TypeError(`"hooks.${event}" in the settings file is not an array`);
  // A null or a string among the entries is a settings file Claude Code itself rejects: adding
  // ours beside it would not make the gate run, so it is the user's to fix first.
  for (const [i, entry] of list.value.items.entries())
    if (entry.type !== 'object')
      throw new TypeError(`"hooks.${event}[${i}]" in the settings file is not an object`);
  for (const entry of list.value.items) {
    const hookList = member(entry, 'hooks')?.value;
    if (hookList?.type !== 'array') continue;
    const ourHook = hookList.items.find((h) => isOurs(jsonValue(text, h)));
    if (!ourHook) continue;
    if (hookList.items.every((h) => isOurs(jsonValue(text, h)))) {
      // An entry of ours alone: bring matcher, command and scope up to date (an older install may
      // lack NotebookEdit, name a command that no longer runs, or gate other folders).
      return JSON.stringify(jsonValue(text, entry)) === JSON.stringify(wanted)
        ? text
        : replaceNode(text, entry, wanted);
    }
    // Our hook inside someone's entry: update our hook only, unscoped; their matcher is theirs.
    const hook = gateEntry(command).hooks[0]!;
    return JSON.stringify(jsonValue(text, ourHook)) === JSON.stringify(hook)
      ? text
      : replaceNode(text, ourHook, hook);
  }
  return appendItem(text, list.value, gateEntry(command));
}

export function uninstallHooks(text: string): Edited {
  if (text.trim() === '') return { text, changed: false };
  let out = text;
  for (;;) {
    const next = removeOne(out);
    if (next === undefined) break;
    out = next;
  }
  return { text: out, changed: out !== text };
}

/** Removes one of our hooks (and what it leaves empty); undefined when there is none. */
function removeOne(text: string): string | undefined {
  const root = rootOf(text);
  const hooks = member(root, 'hooks');
  if (hooks?.value.type !== 'object') return undefined;
  for (const [ei, event] of hooks.value.members.entries()) {
    if (event.value.type !== 'array') continue;
    for (const [i, entry] of event.value.items.entries()) {
      const hookList = member(entry, 'hooks')?.value;
      if (hookList?.type !== 'array') continue;
      const k = hookList.items.findIndex((h) => isOurs(jsonValue(text, h)));
      if (k < 0) continue;
      if (hookList.items.length > 1) return removeChild(text, hookList, k);
      if (event.value.items.length > 1) return removeChild(text, event.value, i);
      if (hooks.value.members.length > 1) return removeChild(text, hooks.value, ei);
      return removeChild(
        text,
        root,
        root.members.findIndex((m) => m.key === 'hooks'),
      );
    }
  }
  return undefined;
}

/** The proofmap gate commands a settings text installs, per event (for `hooks status`). */
export function installedCommands(text: string): { event: string; command: string }[] {
  const root = rootOf(text);
  const out: { event: string; command: string }[] = [];
  const hooks = member(root, 'hooks')?.value;
  if (hooks?.type !== 'object') return out;
  for (const event of hooks.members) {
    if (event.value.type !== 'array') continue;
    for (const entry of event.value.items) {
      const list = member(entry, 'hooks')?.value;
      if (list?.type !== 'array') continue;
      for (const h of list.items) {
        const v = jsonValue(text, h) as HookSpec;
        // A scoped install has one handler per folder, all with the same command.
        if (isOurs(v) && !out.some((o) => o.event === event.key && o.command === v.command))
          out.push({ event: event.key, command: v.command as string });
      }
    }
  }
  return out;
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
