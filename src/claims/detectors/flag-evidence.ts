/**
 * Where a bin's code defines or reads a flag, as opposed to merely mentioning its name. A name in
 * a help sentence, a log message or an unrelated object (`colors = { verbose: 'blue' }`) proves
 * nothing; what counts is the shapes argument parsers use:
 * - a string that is a flag spec: `'--verbose'`, `'-v, --verbose'`, `'--port <n>'`, `'--out='`;
 * - an option object: `verbose: { type: 'boolean' }` (parseArgs, citty, meow, yargs objects);
 * - the name handed to a parser method (`.option('verbose')`, `.boolean('verbose')`), listed
 *   under `boolean:`/`string:`/`alias:` (minimist), compared (`case 'verbose':`, `=== 'verbose'`);
 * - a read of the parsed result: `argv.verbose`, `values['dry-run']`, `flags.dryRun`.
 * Strings are masked before the code shapes are matched, so a shape inside a string never counts.
 * Lexical, with comments already blanked (code-text.ts); no parser, so a hostile file costs time
 * linear in its size.
 */

const camel = (name: string) => name.replace(/-([a-z0-9])/g, (_, c: string) => c.toUpperCase());
const literal = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Keys an option object holds (at least one of them makes `name: {…}` an option). */
const SPEC_KEYS =
  /(?:^|[{,\s])(?:type|short|shortFlag|alias|aliases|default|description|describe|desc|multiple|required|choices|valueHint|isRequired|boolean|string|number|array|count)\s*:/;
/** Parser methods taking a flag name first. */
const METHODS =
  'option|options|requiredOption|addOption|boolean|string|number|array|count|flag|alias|positional|describe|default|demandOption|conflicts|implies|choices|requiresArg|hide|normalize';
/** Identifiers that usually hold the parsed arguments. */
const PARSED = 'argv|args|flags|options|opts|values|parsed|params|cli|parsedArgs|argValues';

interface Masked {
  /** The code with each string replaced by \u0001<n>\u0002 (its newlines kept after it). */
  skeleton: string;
  /** String values by n, and the offset in the skeleton of each marker. */
  strings: { value: string; at: number }[];
}

function mask(code: string): Masked {
  const strings: Masked['strings'] = [];
  let skeleton = '';
  let i = 0;
  while (i < code.length) {
    const c = code[i]!;
    if (c !== '"' && c !== "'" && c !== '`') {
      skeleton += c;
      i++;
      continue;
    }
    let j = i + 1;
    let value = '';
    for (; j < code.length && code[j] !== c; j++) {
      if (code[j] === '\n' && c !== '`') break;
      if (code[j] === '\\' && j + 1 < code.length) {
        value += code[j + 1];
        j++;
      } else value += code[j];
    }
    const marker = `\u0001${strings.length}\u0002`;
    strings.push({ value, at: skeleton.length });
    skeleton += marker + '\n'.repeat((code.slice(i, j + 1).match(/\n/g) ?? []).length);
    i = j + 1;
  }
  return { skeleton, strings };
}

/** The line of the first evidence for the flag `name` (no dashes) in `code`, or undefined. */
export function flagEvidence(code: string, name: string): { line: number } | undefined {
  const { skeleton, strings } = mask(code);
  const lineAt = (at: number) => skeleton.slice(0, at).split('\n').length;
  const n = literal(name);
  const spellings = [...new Set([name, camel(name)])];
  const ident = spellings.map(literal).join('|');
  // The string markers holding the bare name (or its camelCase form).
  const named = strings
    .map((s, k) => (spellings.includes(s.value) ? k : -1))
    .filter((k) => k >= 0)
    .join('|');
  const S = named ? `\u0001(?:${named})\u0002` : undefined;

  const spec = new RegExp(
    `^(?:-[A-Za-z0-9]\\s*[,|]?\\s*)?--(?:no-)?${n}(?:=|\\s*[=\\s]\\s*(?:<[^>]*>|\\[[^\\]]*\\]|[A-Z][A-Z0-9_-]*))?(?:\\s*[,|]\\s*-[A-Za-z0-9])?$`,
  );
  const short = name.length === 1 ? new RegExp(`^-${n}$`) : undefined;
  const candidates: number[] = [];
  for (const s of strings) {
    const v = s.value.trim();
    if (spec.test(v) || short?.test(v)) {
      candidates.push(s.at);
      break;
    }
  }
  const shapes: RegExp[] = [
    // An option object under the key, spelled as an identifier or a string.
    new RegExp(`(?:^|[{,\\s(])(?:${ident}${S ? `|${S}` : ''})\\s*:\\s*\\{([^{}]*)`, 'g'),
    new RegExp(`\\b(?:${PARSED})\\s*(?:\\?\\.|\\.)\\s*(?:${ident})\\b`, 'g'),
  ];
  if (S)
    shapes.push(
      new RegExp(`\\.(?:${METHODS})\\s*\\(\\s*${S}`, 'g'),
      new RegExp(`(?:\\bcase|===|!==|==|!=)\\s*${S}|${S}\\s*(?:===|!==|==|!=)`, 'g'),
      new RegExp(
        `\\b(?:boolean|string|number|array|alias|flags|options|default)\\s*:\\s*\\[[^\\]]*${S}`,
        'g',
      ),
      new RegExp(`\\b(?:${PARSED})\\s*(?:\\?\\.)?\\[\\s*${S}`, 'g'),
    );
  for (const [k, shape] of shapes.entries())
    for (const m of skeleton.matchAll(shape)) {
      // An object under the key counts only when it looks like an option's description.
      if (k === 0 && !SPEC_KEYS.test(m[1] ?? '')) continue;
      // The shape may start with the character before the key (a newline): point at the key.
      candidates.push(m.index + Math.max(0, m[0].search(/[^{,\s(]/)));
      break;
    }
  if (candidates.length === 0) return undefined;
  return { line: lineAt(Math.min(...candidates)) };
}
