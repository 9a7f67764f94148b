/**
 * Fenced code blocks are read only where a line is unambiguous: shell lines as commands, and
 * `import { a } from '<own package>'` lines as claims that the package exports `a`.
 */
import type { Code } from 'mdast';
import { type CommandContext, commandClaims } from './extract-commands.js';
import type { ClaimKind, Subject } from './schema.js';

const SHELL = new Set([
  '',
  'sh',
  'bash',
  'shell',
  'console',
  'zsh',
  'shell-session',
  'terminal',
  'powershell',
  'ps1',
  'cmd',
  'fish',
]);
const SCRIPT = new Set(['js', 'javascript', 'ts', 'typescript', 'jsx', 'tsx', 'mjs', 'cjs', 'mts']);
const IMPORT = /^\s*import\s+(?:type\s+)?(?:[\w$]+\s*,\s*)?\{([^}]*)\}\s*from\s*['"]([^'"]+)['"]/;

export interface FencedClaim {
  kind: ClaimKind;
  subject: Subject;
  text: string;
  line: number;
  column: number;
}

export function fencedClaims(
  code: Code,
  ctx: CommandContext & { ownPackages: ReadonlySet<string> },
): FencedClaim[] {
  const lang = (code.lang ?? '').toLowerCase();
  const first = code.position!.start.line + 1;
  const out: FencedClaim[] = [];
  code.value.split('\n').forEach((line, i) => {
    const column = line.length - line.trimStart().length + 1;
    if (SHELL.has(lang)) {
      // console/shell-session blocks mix output with commands: only prompt lines are commands.
      if ((lang === 'console' || lang === 'shell-session') && !/^\s*\$\s/.test(line)) return;
      for (const c of commandClaims(line.replace(/\s#.*$/, ''), ctx))
        out.push({ ...c, line: first + i, column });
    } else if (SCRIPT.has(lang)) {
      const m = IMPORT.exec(line);
      if (!m || !ctx.ownPackages.has(m[2]!)) return;
      for (const spec of m[1]!.split(',')) {
        const name = spec
          .trim()
          .replace(/^type\s+/, '')
          .split(/\s+as\s+/)[0]!
          .trim();
        if (/^[\p{L}_$][\p{L}\d_$]*$/u.test(name))
          out.push({
            kind: 'structure',
            subject: { check: 'export', path: m[2]!, name, package: true },
            text: `${m[2]} exports ${name}`,
            line: first + i,
            column,
          });
      }
    }
  });
  return out;
}
