/**
 * Commands in inline code and shell code blocks: package manager script runs, `npx` bins, and the
 * flags of the repository's own bins. Only shapes that cannot mean anything else are read.
 */
import { pathLike } from '../extract/markdown-mentions.js';
import type { Subject } from './schema.js';

export interface CommandContext {
  /** Bin names the repository's packages declare. */
  bins: ReadonlySet<string>;
}

export type CommandClaim = { subject: Subject; text: string; kind: 'behaviour' | 'existence' };

// Subcommands of the managers themselves: `pnpm install` runs no script.
const BUILTINS: Record<string, Set<string>> = {
  pnpm: new Set(
    'add i install remove rm uninstall update up exec dlx create init publish link unlink why list ls outdated store import rebuild prune fetch patch audit config env setup root bin deploy pack licenses doctor server approve-builds self-update'.split(
      ' ',
    ),
  ),
  yarn: new Set(
    'add install remove up upgrade dlx create init publish link unlink why list info config cache set workspace workspaces exec node pack version global plugin constraints npm explain dedupe patch rebuild'.split(
      ' ',
    ),
  ),
  bun: new Set('add install i remove rm update x create init publish link pm upgrade build test'.split(' ')),
};
const NPM_SCRIPT_ALIASES: Record<string, string> = {
  test: 'test',
  t: 'test',
  tst: 'test',
  start: 'start',
  stop: 'stop',
  restart: 'restart',
};

export function commandClaims(line: string, ctx: CommandContext): CommandClaim[] {
  const out: CommandClaim[] = [];
  for (const part of line.split(/&&|\|\||[;|]/)) {
    const words = part
      .trim()
      .replace(/^[$>]\s+/, '')
      .split(/\s+/)
      .filter(Boolean);
    if (words.length === 0) continue;
    out.push(...oneCommand(words, ctx, part.trim()));
  }
  return out;
}

function oneCommand(words: string[], ctx: CommandContext, text: string): CommandClaim[] {
  const [head, second, third] = words;
  const script = (manager: string, name: string | undefined): CommandClaim[] =>
    name && /^[\w:.@/-]+$/u.test(name)
      ? [{ subject: { check: 'script', manager, script: name }, text, kind: 'behaviour' }]
      : [];
  if (head === 'npm') {
    if (second === 'run' || second === 'run-script') return script('npm', third);
    if (second && NPM_SCRIPT_ALIASES[second]) return script('npm', NPM_SCRIPT_ALIASES[second]);
    return [];
  }
  if (head === 'pnpm' || head === 'yarn' || head === 'bun') {
    if (second === 'run') return script(head, third);
    if (head === 'pnpm' && second === 'exec') return bin(words.slice(2), ctx, text);
    if (second && !second.startsWith('-') && !BUILTINS[head]!.has(second) && head !== 'bun')
      return script(head, second);
    if (head === 'bun' && second === 'test') return [];
    return [];
  }
  if (head === 'npx' || head === 'bunx') return bin(words.slice(1), ctx, text);
  if (head && ctx.bins.has(head)) return flags(head, words.slice(1), text);
  if ((head === 'node' || head === 'cat') && second && !second.startsWith('-')) {
    const path = pathLike(second);
    if (path && /\.[a-z]+$/i.test(path))
      return [{ subject: { check: 'path', path, from: '', encoded: false }, text, kind: 'existence' }];
  }
  return [];
}

function bin(words: string[], ctx: CommandContext, text: string): CommandClaim[] {
  const rest = [...words];
  // npx's own options come before the command: `npx -y`, `npx --yes`, `npx -p pkg`.
  while (rest[0]?.startsWith('-')) {
    const option = rest.shift()!;
    if (option === '-p' || option === '--package') rest.shift();
  }
  const raw = rest[0];
  if (!raw || raw.startsWith('@') || raw.includes('/')) return [];
  const name = raw.replace(/@[^@]*$/, '');
  const out: CommandClaim[] = [{ subject: { check: 'bin', name }, text, kind: 'behaviour' }];
  if (ctx.bins.has(name)) out.push(...flags(name, rest.slice(1), text));
  return out;
}

function flags(bin: string, words: string[], text: string): CommandClaim[] {
  const out: CommandClaim[] = [];
  for (const w of words) {
    if (w === '--') break;
    const m = /^--([\p{L}][\p{L}\d-]*)(=.*)?$/u.exec(w);
    if (m) out.push({ subject: { check: 'flag', bin, flag: `--${m[1]}` }, text, kind: 'behaviour' });
  }
  return out;
}
