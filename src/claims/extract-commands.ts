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
  const [head, second] = words;
  const script = (manager: string, name: string | undefined, pkg?: string): CommandClaim[] =>
    name && /^[\w:.@/-]+$/u.test(name)
      ? [
          {
            subject: { check: 'script', manager, script: name, ...(pkg ? { package: pkg } : {}) },
            text,
            kind: 'behaviour',
          },
        ]
      : [];
  if (head === 'npm' || head === 'pnpm' || head === 'yarn' || head === 'bun') {
    const { rest } = managerOptions(words.slice(1));
    if (INSTALL.has(rest[0] ?? '') && rest.length > 1) return installs(rest.slice(1), text);
  }
  if (head === 'npm') {
    const { rest, pkg } = managerOptions(words.slice(1));
    const [verb, name] = rest;
    if (verb === 'run' || verb === 'run-script') return script('npm', name, pkg);
    if (verb && NPM_SCRIPT_ALIASES[verb]) return script('npm', NPM_SCRIPT_ALIASES[verb], pkg);
    return [];
  }
  if (head === 'pnpm' || head === 'yarn' || head === 'bun') {
    const { rest, pkg } = managerOptions(words.slice(1));
    // `yarn workspace <pkg> <script>` names the package before the script.
    if (head === 'yarn' && rest[0] === 'workspace' && rest[1]) return script(head, rest[2], rest[1]);
    const [verb, name] = rest;
    if (verb === 'run') return script(head, name, pkg);
    if (head === 'pnpm' && verb === 'exec') return bin(rest.slice(1), ctx, text);
    if (verb && !verb.startsWith('-') && !BUILTINS[head]!.has(verb) && head !== 'bun')
      return script(head, verb, pkg);
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

const INSTALL = new Set(['install', 'i', 'add']);

/** `npm install a b@2 -D`: each named package, with the major it asks for. */
function installs(words: string[], text: string): CommandClaim[] {
  const out: CommandClaim[] = [];
  for (const w of words) {
    const m = /^((?:@[\w.-]+\/)?[a-z0-9][\w.-]*)(?:@[\^~>=v]*(\d+)[\w.*-]*)?$/.exec(w);
    if (!m || w.startsWith('-')) continue;
    const subject = { check: 'package' as const, name: m[1]!, ...(m[2] ? { major: Number(m[2]) } : {}) };
    out.push({ subject, text, kind: 'existence' });
  }
  return out;
}

/**
 * The package manager's own options before (or, for npm, after) the command: `--filter pkg`,
 * `-F pkg`, `-w pkg`, `--workspace=pkg` name the package whose script runs; `-r` runs it in every
 * package, which `recursive` records as the package `*`.
 */
function managerOptions(words: string[]): { rest: string[]; pkg?: string } {
  const rest: string[] = [];
  let pkg: string | undefined;
  for (let i = 0; i < words.length; i++) {
    const w = words[i]!;
    const eq = /^--(?:filter|workspace)=(.+)$/.exec(w);
    if (eq) pkg = eq[1];
    else if (w === '--filter' || w === '-F' || w === '-w' || w === '--workspace') pkg = words[++i];
    else if (w === '-r' || w === '--recursive' || w === '--workspaces' || w === '-ws') pkg = '*';
    else if (w === '-C' || w === '--dir' || w === '--prefix') i++;
    else rest.push(w);
  }
  return pkg === undefined ? { rest } : { rest, pkg };
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
  // `proofmap rank --by x`: the first word, when it is a plain lower-case word, names a command.
  const first = words[0];
  if (first && /^[a-z][a-z0-9-]*(?::[a-z][a-z0-9-]*)?$/.test(first))
    out.push({ subject: { check: 'subcommand', bin, name: first }, text, kind: 'behaviour' });
  for (const w of words) {
    if (w === '--') break;
    const m = /^--([\p{L}][\p{L}\d-]*)(=.*)?$/u.exec(w);
    if (m) out.push({ subject: { check: 'flag', bin, flag: `--${m[1]}` }, text, kind: 'behaviour' });
  }
  return out;
}
