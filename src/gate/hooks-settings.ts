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

export const gateEntry = (command: string) => ({
  matcher: HOOK_MATCHER,
  hooks: [{ type: 'command', command, timeout: 10 }],
});

export interface Edited {
  text: string;
  changed: boolean;
}

/** Throws SyntaxError on invalid JSON, TypeError when the document is not an object. */
export function installHooks(text: string, command: string): Edited {
  let out = text.trim() === '' ? '{}\n' : text;
  for (const event of EVENTS) out = installOne(out, event, command);
  return { text: out, changed: out !== text };
}

type ObjectNode = Extract<JsonNode, { type: 'object' }>;

function rootOf(text: string): ObjectNode {
  const root = parseJsonText(text);
  if (root.type !== 'object') throw new TypeError('the settings file is not a JSON object');
  return root;
}

function installOne(text: string, event: string, command: string): string {
  const root = rootOf(text);
  const hooks = member(root, 'hooks');
  if (!hooks) return addMember(text, root, 'hooks', { [event]: [gateEntry(command)] });
  if (hooks.value.type !== 'object') throw new TypeError('"hooks" in the settings file is not an object');
  const list = member(hooks.value, event);
  if (!list) return addMember(text, hooks.value, event, [gateEntry(command)]);
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
    const wanted = gateEntry(command);
    if (hookList.items.length === 1) {
      // An entry of ours alone: bring matcher and command up to date (an older install may lack
      // NotebookEdit, or name a command that no longer runs).
      return JSON.stringify(jsonValue(text, entry)) === JSON.stringify(wanted)
        ? text
        : replaceNode(text, entry, wanted);
    }
    // Our hook inside someone's entry: update our hook only; their matcher is theirs.
    const hook = wanted.hooks[0]!;
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
        if (isOurs(v)) out.push({ event: event.key, command: v.command as string });
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
