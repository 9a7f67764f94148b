/**
 * Rename completeness, after an edit: exported names the file had at the last scan and no longer
 * has, that other files still import. The importers' current text is checked too, so a call site
 * the agent already updated is not reported.
 */
export interface Importer {
  /** Repo-relative path of the importing file. */
  path: string;
  line: number;
  /** Names it imports from the edited file (`*` for a namespace import). */
  names: string[];
}

export interface StillUsed {
  name: string;
  path: string;
  line: number;
}

export function removedExports(before: readonly string[], after: readonly string[]): string[] {
  const now = new Set(after);
  // `export *` re-exports make the file's real export set unknowable here; say nothing then.
  if (now.has('*')) return [];
  return [...new Set(before)].filter((n) => n !== '*' && !now.has(n)).sort();
}

const IDENTIFIER = /^[\p{ID_Start}$_][\p{ID_Continue}$\u200c\u200d]*$/u;

export function stillUsed(
  removed: readonly string[],
  importers: readonly Importer[],
  textOf: (path: string) => string | undefined,
): StillUsed[] {
  const out: StillUsed[] = [];
  for (const name of removed) {
    // Export names can be any string (`export { x as "(" }`): escape every metacharacter.
    const word = new RegExp(`(?<![\\w$])${name.replace(/[\\^$.*+?()[\]{}|/-]/g, '\\$&')}(?![\\w$])`);
    for (const imp of importers) {
      if (!imp.names.includes(name)) continue;
      const text = textOf(imp.path);
      // Module specifiers ('./core.js') are strings, not uses of a name: test the code without them.
      // A name that is not an identifier (`"("`) can only be imported as a string, which
      // imp.names already records: it is in use as long as that import stands.
      if (
        text !== undefined &&
        IDENTIFIER.test(name) &&
        !word.test(text.replace(/(['"`])(?:\\.|(?!\1)[^\\\n])*\1/g, '""'))
      )
        continue;
      out.push({ name, path: imp.path, line: imp.line });
    }
  }
  return out.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : a.line - b.line));
}

export function renameMessage(file: string, used: readonly StillUsed[]): string | undefined {
  if (used.length === 0) return undefined;
  const names = [...new Set(used.map((u) => u.name))];
  const sites = used.slice(0, 20).map((u) => `${u.path}:${u.line} (${u.name})`);
  const more = used.length > 20 ? ` and ${used.length - 20} more` : '';
  return (
    `proofmap: ${file} no longer exports ${names.map((n) => `\`${n}\``).join(', ')}, but ${used.length} import site${used.length === 1 ? '' : 's'} still use${used.length === 1 ? 's' : ''} ` +
    `${names.length === 1 ? 'it' : 'them'}: ${sites.join(', ')}${more}. Update them or keep the old name exported.`
  );
}
