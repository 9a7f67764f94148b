/**
 * Subcommand detector: `proofmap rank` names a command the bin defines. Read from the bin's code
 * (as for flags): a quoted name or an object key, in code that defines commands the way
 * commander, yargs, cac, citty or clipanion do, or with a command table. Without such
 * definitions the word may be a positional argument, so absence is only unverified.
 */
import { confusableWith } from '../confusables.js';
import { nearMisses } from '../near-miss.js';
import { withoutComments } from './code-text.js';
import { binCode } from './flag.js';
import { type Detector, decision } from './types.js';

/** How CLI libraries (and hand-written tables) define subcommands. */
const DEFINES_COMMANDS =
  /\.command\(\s*['"`]|\bsubCommands\b|\bstatic\s+paths\b|\bCOMMANDS\b|\bcommands\s*[:=]\s*[{[]|\.addCommand\(/;

export const subcommandDetector: Detector<'subcommand'> = {
  name: 'subcommand',
  check: 'subcommand',
  decide(subject, repo) {
    const name = subject.name;
    if (!/^[\p{L}][\p{L}\d:-]*$/u.test(name)) return decision('unverified', 'ignored: not a command name');
    const code = binCode(subject.bin, repo);
    if ('unverified' in code) return decision('unverified', code.unverified);
    const defining: string[] = [];
    const names = new Set<string>();
    // Names are letters, digits, ':' and '-': nothing to escape outside a character class.
    const escaped = name;
    // Strongest definition first: `.command('x <arg>')`, then a table key `x: {`, then a bare 'x'.
    const shapes = [
      new RegExp(`\\.command\\(\\s*['"\`]${escaped}(?:\\s+[<[][^'"\`]*)?['"\`]`, 'u'),
      new RegExp(`(?<![\\w.$-])['"]?${escaped}['"]?\\s*:\\s*\\{`, 'u'),
      new RegExp(`['"\`]${escaped}(?:\\s+[<[][^'"\`]*)?['"\`]`, 'u'),
    ];
    for (const path of code.files) {
      const text = withoutComments(repo.textOf(path)!);
      if (!DEFINES_COMMANDS.test(text)) continue;
      defining.push(path);
      const hit = shapes.map((re) => re.exec(text)).find((m) => m !== null);
      if (hit) {
        const line = text.slice(0, hit.index).split('\n').length;
        return decision('verified', `${path}:${line} defines the command ${name}`, [{ path, line }]);
      }
      for (const m of text.matchAll(
        /(?<![\w.$-])([a-z][a-z0-9-]*)\s*:\s*\{|\.command\(\s*['"`]([a-z][\w-]*)/g,
      ))
        names.add(m[1] ?? m[2]!);
    }
    const look = [...names].filter((n) => confusableWith(name, n));
    if (look.length > 0)
      return decision('contradicted', `${name} only looks like the command ${look[0]}`, [], look);
    if (defining.length === 0)
      return decision(
        'unverified',
        `no command definitions found behind ${subject.bin}; ${name} may be an argument`,
      );
    if (code.unread.length > 0)
      return decision(
        'unverified',
        `${name} is not defined in the files read, but ${code.unread[0]} could not be followed`,
      );
    return decision(
      'contradicted',
      `${defining[0]} defines commands, but none named ${name}`,
      [{ path: defining[0]! }],
      nearMisses(name, names),
    );
  },
};
